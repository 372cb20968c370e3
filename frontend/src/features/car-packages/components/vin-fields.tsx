import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { INVENTORY_MESSAGES } from '@shared/messages';
import { checkVin, normaliseVin, STOCK_NUMBER_MAX, STOCK_NUMBER_PATTERN, VIN_LENGTH } from '@shared/vin';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useVinLookup } from '../api/car-packages';

/** What the VIN field says of what was typed: nothing yet, a refusal (blocks Generate), or accepted (maybe with a warning). */
export function vinState(typed: string) {
  const vin = normaliseVin(typed);
  if (!vin) return { vin: null, error: null, warning: null };
  // While it is being typed, only a wrong character is pointed out; the length once the dealer has typed 17 or more.
  const verdict = checkVin(vin);
  if (verdict.ok) return { vin: verdict.vin, error: null, warning: verdict.warning };
  const typing = vin.length < VIN_LENGTH && /^[A-HJ-NPR-Z0-9]*$/.test(vin);
  return { vin: null, error: typing ? null : verdict.reason, warning: null, typed: typing ? vin.length : undefined };
}

export const stockNumberError = (typed: string) =>
  typed.trim() && !STOCK_NUMBER_PATTERN.test(typed.trim()) ? INVENTORY_MESSAGES.stockNumberInvalid(STOCK_NUMBER_MAX) : null;

/**
 * The car's VIN and stock number in the package form (issue 41, item 1), both optional. A well-formed VIN is looked up
 * at once: decoded offline (its name fills an empty car name) and, when another of the dealer's packages has it,
 * pointed out with a link to it.
 */
export function VinFields({ idPrefix, vin, stockNumber, onVin, onStockNumber, onDecodedName, disabled }: {
  idPrefix: string;
  vin: string;
  stockNumber: string;
  onVin: (value: string) => void;
  onStockNumber: (value: string) => void;
  /** The decoded car's name, once per VIN looked up (the form fills an empty name with it). */
  onDecodedName: (name: string) => void;
  disabled?: boolean;
}) {
  const state = vinState(vin);
  const lookup = useVinLookup(state.vin);
  const decodedName = lookup.data?.name ?? null;
  useEffect(() => {
    if (decodedName) onDecodedName(decodedName);
    // Once per answer, not on every render (the form's callback is a new function each time).
  }, [decodedName]);
  const stockError = stockNumberError(stockNumber);
  const vinId = `${idPrefix}-vin`;
  const stockId = `${idPrefix}-stock`;
  const others = lookup.data?.packages ?? [];
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="grid content-start gap-2">
        <Label htmlFor={vinId}>
          VIN <span className="font-normal text-slate-600">(optional)</span>
        </Label>
        <Input
          id={vinId}
          value={vin}
          onChange={(e) => onVin(e.target.value)}
          maxLength={VIN_LENGTH + 6}
          placeholder="17 characters, e.g. 1HGCM82633A004352"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono uppercase placeholder:font-sans placeholder:normal-case"
          aria-invalid={state.error ? true : undefined}
          aria-describedby={`${vinId}-note`}
          disabled={disabled}
          data-testid="vin-input"
        />
        <div id={`${vinId}-note`} className="grid gap-1 text-sm" aria-live="polite">
          {state.error && <p className="font-medium text-red-700">{state.error}</p>}
          {'typed' in state && state.typed !== undefined && <p className="text-slate-600">{INVENTORY_MESSAGES.vinTyped(state.typed)}</p>}
          {state.warning && <p className="text-amber-900" data-testid="vin-warning">{state.warning}</p>}
          {state.vin && lookup.isFetching && !lookup.data && <Spinner label="Decoding the VIN" className="size-4" />}
          {state.vin && lookup.data && (
            <p className="text-slate-700" data-testid="vin-decoded">
              {lookup.data.name ? INVENTORY_MESSAGES.decodedAs(lookup.data.name) : INVENTORY_MESSAGES.notDecoded}
            </p>
          )}
          {state.vin && others[0] && (
            <p className="font-medium text-amber-900" role="status" data-testid="vin-duplicate">
              {INVENTORY_MESSAGES.vinOnAnotherPackage}{' '}
              <Link to={`/dashboard/car-packages/${others[0].id}`} className="text-brand-700 underline underline-offset-4">
                {INVENTORY_MESSAGES.openIt}
              </Link>{' '}
              <span className="font-normal text-slate-700">({others[0].session_name})</span>
            </p>
          )}
        </div>
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={stockId}>
          Stock number <span className="font-normal text-slate-600">(optional)</span>
        </Label>
        <Input
          id={stockId}
          value={stockNumber}
          onChange={(e) => onStockNumber(e.target.value)}
          maxLength={STOCK_NUMBER_MAX}
          placeholder="e.g. A1234"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={stockError ? true : undefined}
          aria-describedby={stockError ? `${stockId}-note` : undefined}
          disabled={disabled}
          data-testid="stock-number-input"
        />
        {stockError && (
          <p id={`${stockId}-note`} className="text-sm font-medium text-red-700">
            {stockError}
          </p>
        )}
      </div>
    </div>
  );
}
