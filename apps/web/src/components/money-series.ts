/** One line of a money chart: its label and an amount in cents per period (shared by the chart and its lazily loaded bars). */
export type MoneySeries = { label: string; cents: number[] };
