import { formatMessage, MESSAGES } from '../../api/contract';

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * What a suspended fan reads when a provider sign-in was refused (`/login?error=account_suspended&until=`),
 * worded as the server words the same refusal of a password sign-in (auth.SuspendedMessage).
 */
export function suspendedMessage(until: string | null): string {
  const end = until ? new Date(until) : null;
  if (!end || Number.isNaN(end.getTime())) return MESSAGES.accountSuspended;
  return formatMessage(MESSAGES.accountSuspendedUntil, { date: DATE.format(end) });
}
