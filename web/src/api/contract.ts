import { enumValues, maxLength } from './contract.gen';

/** The sentences the server sends too, word for word (api/openapi.yaml x-messages). */
export { messages as MESSAGES, format as formatMessage } from './contract.gen';
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
