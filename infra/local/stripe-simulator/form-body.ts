/**
 * Parses Stripe's request encoding: application/x-www-form-urlencoded with bracketed keys
 * (`metadata[user_id]=…`, `payment_method_data[card][number]=…`, `expand[0]=…`), as the `stripe` library sends it.
 */
export function parseStripeForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out as Record<string, unknown>;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}
