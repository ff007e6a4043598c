// The dashboard's "This month: 12.4 kWh · SEK 31.00" over the plugs the account owns (docs/product/energy.md "On the
// dashboard"). Its own chunk, loaded after the cards and only for an account with plugs: the dashboard's first JS stays
// within its budget (docs/architecture/README.md#budgets), and no chart code comes with it.
import { useIntl } from 'react-intl';
import { energyApi, useLoaded } from '@paddock/shared/api';
import { browserTimeZone, formatMinorMoney } from '@paddock/shared/domain';
import { Translations, useT } from '@paddock/shared/i18n';
import { formatKWh } from './formatKWh';
import { energyTotalTexts } from './totalMessages';
import './energyTotal.css';

const TRANSLATIONS = [energyTotalTexts];
const m = energyTotalTexts.messages;

export interface EnergyTotalProps {
  userId: string;
  /** How many plugs the account owns: the total is loaded again when that changes. */
  plugs: number;
  /** The account's energy price, as the session has it: the total is loaded again when it is changed. */
  priceKey: string;
}

function Total({ userId, plugs, priceKey }: EnergyTotalProps) {
  const t = useT();
  const intl = useIntl();
  const { loaded } = useLoaded(
    () => energyApi.total(userId, { period: 'month', timeZone: browserTimeZone() }, { silent: true, background: true, optional: true }),
    [userId, plugs, priceKey],
  );
  if (loaded.state === 'loading') return null;
  if (loaded.state === 'failed') {
    return (
      <p className="pd-energy-total" role="status">
        {t(m.failed)}
      </p>
    );
  }
  const { KWh, Cost } = loaded.value;
  const energy = formatKWh(KWh, intl.locale);
  return (
    <p className="pd-energy-total" data-testid="energy-total">
      {Cost ? t(m.thisMonthCost, { energy, cost: formatMinorMoney(intl.locale, Cost.Amount, Cost.Currency) }) : t(m.thisMonth, { energy })}
    </p>
  );
}

export default function EnergyTotal(props: EnergyTotalProps) {
  return (
    <Translations translations={TRANSLATIONS}>
      <Total {...props} />
    </Translations>
  );
}
