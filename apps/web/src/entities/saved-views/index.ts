// Saved views as the list pages use them.
export { ViewsMenu } from './components/views-menu.tsx';
