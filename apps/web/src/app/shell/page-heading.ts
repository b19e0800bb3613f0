import { createContext } from 'react';

/**
 * True around the link-driven pages (pay, payee, signing, set a new password), which carry their
 * own top heading whether or not the visitor is signed in: inside the signed-in frame the header's
 * title is then plain text, so the page keeps one h1.
 */
export const PageHasOwnHeading = createContext(false);
