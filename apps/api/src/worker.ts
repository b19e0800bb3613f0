import { runFromCommandLine } from './main.ts';

runFromCommandLine('worker');
