/** The card a payer chose: the provider's token and what the page shows of it (shared by the form and its lazily loaded Stripe part). */
export type CardChoice = { token: string; label: string };
