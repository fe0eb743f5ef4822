import { useEffect } from 'react';
import { formatMessage, MESSAGES } from '../api/contract';

/** The site's name: the home page's whole title, and the end of every other page's. */
export const SITE_NAME = 'Survivor Rankings';

// The titles below are the ones the server writes into a first load's HTML
// (internal/server/preview.go, castaways.go): an in-app visit shows the same.

/** A page's title from its name ("Browse Rankings — Survivor Rankings"); the site's name alone without one. */
export function pageTitle(name?: string): string {
  return name ? `${name} — ${SITE_NAME}` : SITE_NAME;
}

/** A list page's title. */
export function listPageTitle(list: { name: string; userName: string }): string {
  return `${list.name} — a Survivor ranking by ${list.userName}`;
}

/** A castaway page's title. */
export function castawayPageTitle(name: string): string {
  return formatMessage(MESSAGES.castawayTitle, { name });
}

/**
 * Names the page in the browser's tab. Each page calls it once, at its top, with its whole
 * title (pageTitle, listPageTitle, ...): an in-app visit replaces the last page's title.
 */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
