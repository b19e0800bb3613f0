/** A PayPal webhook's body as far as we read it (its own file: the item, batch and consent readers share it). */
export type PaypalEvent = {
  id?: string;
  event_type?: string;
  resource?: {
    merchant_id?: string;
    payout_item_id?: string;
    transaction_status?: string;
    payout_item?: { sender_item_id?: string };
    errors?: { name?: string };
    batch_header?: { payout_batch_id?: string; batch_status?: string; sender_batch_header?: { sender_batch_id?: string } };
  };
};
