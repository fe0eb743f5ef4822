import { userMessage } from '../api/userMessage';
import { useSaidBySessionGone } from '../lib/sessionGone';
import page from './Page.module.css';

interface LoadFailedProps {
  /** What went wrong. */
  message: string;
  onRetry: () => void;
  className?: string;
  /** The button's words. */
  retryLabel?: 'Try again' | 'Retry';
  buttonClassName?: string;
  /** One line, the button after the words (a section of a page rather than the page). */
  inline?: boolean;
}

/** A load that failed: what went wrong above a button that asks again, announced as an alert. */
export function LoadFailed({ message, onRetry, className, retryLabel = 'Try again', buttonClassName = page.buttonGhost, inline = false }: LoadFailedProps) {
  const retry = (
    <button type="button" className={buttonClassName} onClick={onRetry}>
      {retryLabel}
    </button>
  );
  if (inline) {
    return (
      <p role="alert" className={className}>
        {message} {retry}
      </p>
    );
  }
  return (
    <div role="alert" className={className}>
      <p>{message}</p>
      {retry}
    </div>
  );
}

interface ErrorLineProps {
  /** A query or mutation: nothing shows until it fails. */
  request: { isError: boolean; error: unknown };
  /** The words when the server gives none of its own (see userMessage). */
  fallback: string;
  className?: string;
  /** A span, for a line inside phrasing content. */
  inline?: boolean;
}

/** A failed request's message in a line, announced as an alert. */
export function ErrorLine({ request, fallback, className, inline = false }: ErrorLineProps) {
  const said = useSaidBySessionGone(request.error);
  if (!request.isError || said) return null;
  const Line = inline ? 'span' : 'p';
  return (
    <Line role="alert" className={className}>
      {userMessage(request.error, fallback)}
    </Line>
  );
}
