import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { meQueryKey, useMe } from '@/features/dashboard/api/account';
import { creditsQueryKey } from '@/features/dashboard/api/credits';
import { PurchaseDialog } from '@/features/purchase/components/purchase-dialog';
import { Button } from '@/components/ui/button';

/** `?buy=<package id>` (from the pricing section of the landing page) opens the dialog at that package. */
export const BUY_PARAM = 'buy';

/**
 * The balance card's Buy Credits button and the purchase dialog (the dashboard and purchase features meet here).
 * After a purchase the balance and profile (user type) are read again; the live push usually did it already.
 */
export function BuyCreditsAction() {
  const [params, setParams] = useSearchParams();
  const requested = params.get(BUY_PARAM);
  const [open, setOpen] = useState(requested !== null);
  const [initial] = useState(requested);
  const me = useMe();
  const client = useQueryClient();
  // Photographers do not buy credits (issue 42: the server refuses them too).
  if (!me.data || me.data.member.role === 'photographer') return null;
  return (
    <>
      <Button className="w-full sm:w-auto" onClick={() => setOpen(true)}>
        <ShoppingCart className="size-4" aria-hidden="true" />
        Buy Credits
      </Button>
      <PurchaseDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next && params.has(BUY_PARAM)) {
            params.delete(BUY_PARAM);
            setParams(params, { replace: true });
          }
        }}
        initialPackageId={initial}
        email={me.data?.profile.email}
        onPurchased={() => {
          void client.invalidateQueries({ queryKey: creditsQueryKey });
          void client.invalidateQueries({ queryKey: meQueryKey });
        }}
      />
    </>
  );
}
