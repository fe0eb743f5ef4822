// Generated from api/openapi.yaml by scripts/generate-contract.mjs (make generate). Do not edit.
import type { components } from './schema.gen';

type Schemas = components['schemas'];

/** The values of each string enum schema, in the contract's order. */
export const enumValues = {
  Franchise: ['US', 'AU', 'SA', 'NZ', 'UK'] as const satisfies readonly Schemas['Franchise'][],
  ListFormat: ['ranked', 'tiers'] as const satisfies readonly Schemas['ListFormat'][],
  ListTag: ['favorites', 'social', 'strategic', 'challenge', 'spoiler', 'season-ranking', 'survivor-ranking'] as const satisfies readonly Schemas['ListTag'][],
  TierColor: ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'gray'] as const satisfies readonly Schemas['TierColor'][],
  TypeTag: ['season-ranking', 'survivor-ranking'] as const satisfies readonly Schemas['TypeTag'][],
  UserTag: ['favorites', 'social', 'strategic', 'challenge', 'spoiler'] as const satisfies readonly Schemas['UserTag'][],
} as const;

/** maxLength of each schema property that has one. */
export const maxLength = {
  BootInput: { episodeTitle: 100, result: 60 },
  Comment: { text: 500 },
  Credentials: { email: 254 },
  DraftInput: { name: 50, description: 200 },
  EmailChange: { email: 254 },
  ListInput: { name: 50, description: 200 },
  ListItem: { note: 280 },
  ListItemInput: { note: 280 },
  NewComment: { text: 500 },
  PasswordResetRequest: { email: 254 },
  ReportInput: { text: 500 },
  SeasonOnAirInput: { name: 100, location: 100, country: 100 },
  SuspensionInput: { reason: 500 },
  TierInput: { label: 20 },
  UpdateMe: { displayName: 30 },
} as const;

/** The names of the {name} placeholders in a message. */
export type Placeholders<S extends string> = S extends `${string}{${infer K}}${infer R}` ? K | Placeholders<R> : never;

/** A message with its placeholders filled in, as problem.Format does on the server. */
export function format<S extends string>(message: S, values: Record<Placeholders<S>, string | number>): string {
  const named: Record<string, string | number> = values;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in named ? String(named[name]) : whole));
}
