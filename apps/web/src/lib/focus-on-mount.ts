/**
 * A ref that focuses its element once, when it appears: the heading of a step that replaced the
 * one the person was on, so keyboard and screen reader users land on it instead of on <body>.
 * One function for the app's life, so React does not call it again on every render.
 */
export const focusOnMount = (element: HTMLElement | null) => {
  element?.focus();
};
