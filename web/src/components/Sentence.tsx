import { Fragment, type ReactNode } from 'react';
import type { Placeholders } from '../api/contract';

/**
 * A catalogue message (MESSAGES) whose {placeholders} hold elements (a link, a name in bold):
 * formatMessage for sentences with markup in them.
 */
export function Sentence<S extends string>({ message, values }: { message: S; values: Record<Placeholders<S>, ReactNode> }) {
  const named: Record<string, ReactNode> = values;
  // split with a group: the odd parts are the placeholders' names.
  return message.split(/\{(\w+)\}/).map((part, i) => <Fragment key={i}>{i % 2 === 0 ? part : part in named ? named[part] : `{${part}}`}</Fragment>);
}
