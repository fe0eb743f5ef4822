// Generated from api/openapi.yaml by scripts/generate-contract.mjs (make generate). Do not edit.
import type { components } from './schema.gen';

type Schemas = components['schemas'];

/** The values of each string enum schema, in the contract's order. */
export const enumValues = {
  ListTag: ['favorites', 'social', 'strategic', 'challenge', 'spoiler', 'season-ranking', 'survivor-ranking'] as const satisfies readonly Schemas['ListTag'][],
  TypeTag: ['season-ranking', 'survivor-ranking'] as const satisfies readonly Schemas['TypeTag'][],
  UserTag: ['favorites', 'social', 'strategic', 'challenge', 'spoiler'] as const satisfies readonly Schemas['UserTag'][],
} as const;

/** maxLength of each schema property that has one. */
export const maxLength = {
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
  SuspensionInput: { reason: 500 },
  UpdateMe: { displayName: 30 },
} as const;
