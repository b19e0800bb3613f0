import { runFromCommandLine } from './main.ts';

runFromCommandLine('api');
