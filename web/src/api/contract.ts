import { enumValues, maxLength } from './contract.gen';

/**
 * The sentences of the app and the server, word for word (api/openapi.yaml x-messages), by key.
 * Read them as MESSAGES.key only, never the namespace as a value: the build puts each sentence
 * in place of MESSAGES.key (vite.config.ts), so that each chunk carries just the ones it says.
 */
export * as MESSAGES from './messages.gen';
export { format as formatMessage, type Placeholders } from './contract.gen';
import type { components } from './schema.gen';

/** The tags an author chooses, in the order the app offers them. */
export const USER_TAGS = enumValues.UserTag;
export type UserTag = components['schemas']['UserTag'];

/** The ranking type tag the server sets; readers never see it. */
export type TypeTag = components['schemas']['TypeTag'];

/** The length limits the server enforces, as the contract states them. */
export const LIMITS = {
  listName: maxLength.ListInput.name,
  listDescription: maxLength.ListInput.description,
  commentText: maxLength.NewComment.text,
  username: maxLength.UpdateMe.displayName,
  itemNote: maxLength.ListItemInput.note,
  email: maxLength.EmailChange.email,
} as const;
