// Generated from api/openapi.yaml by scripts/generate-contract.mjs (make generate). Do not edit.
import type { components } from './schema.gen';

type Schemas = components['schemas'];

/** The values of each string enum schema, in the contract's order. */
export const enumValues = {
  ListFormat: ['ranked', 'tiers'] as const satisfies readonly Schemas['ListFormat'][],
  ListTag: ['favorites', 'social', 'strategic', 'challenge', 'spoiler', 'season-ranking', 'survivor-ranking'] as const satisfies readonly Schemas['ListTag'][],
  TierColor: ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'gray'] as const satisfies readonly Schemas['TierColor'][],
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
  TierInput: { label: 20 },
  UpdateMe: { displayName: 30 },
} as const;

/** The sentences both the server and the app say (x-messages), with {name} placeholders. */
export const messages = {
  accountDeleteFailed: 'Failed to delete your account. Please try again.',
  accountIsSuspended: 'This account is suspended.',
  accountLoadFailed: 'Failed to load the account. Please try again.',
  accountSuspended: 'Your account is suspended.',
  accountSuspendedUntil: 'Your account is suspended until {date}.',
  ballotFailed: 'Failed to submit ranking. Please try again.',
  ballotMissing: 'Cannot submit ranking. List data is missing.',
  ballotSeason: 'Seasons cannot be ranked in a global list. Choose contestants instead.',
  ballotSignedOut: 'You must be logged in to submit a ranking.',
  blockFailed: 'Failed to update your blocked users. Please try again.',
  browseFailed: 'Failed to load public lists. Please try again later.',
  castawayFailed: 'Failed to load this castaway. Please try again later.',
  castawayNotFound: 'Castaway not found.',
  commentDeleteFailed: 'Failed to delete comment. Please try again.',
  commentEmpty: 'Comment cannot be empty.',
  commentFailed: 'Failed to add comment. Please try again.',
  commentVoteFailed: 'Failed to process your vote. Please try again.',
  commentVoteSignedOut: 'You must be signed in to vote on comments.',
  consensusFailed: 'Failed to load the community ranking. Please try again later.',
  credentialsRequired: 'Please enter your email and password.',
  emailHidden: 'An email address cannot contain invisible or direction-changing characters.',
  favoriteFailed: 'Failed to update favorites. Please try again.',
  feedFailed: 'Failed to load lists from fans you follow. Please try again.',
  followBlocked: 'You cannot follow this fan.',
  followFailed: 'Failed to update who you follow. Please try again.',
  followSelf: 'You cannot follow yourself.',
  globalLoadFailed: 'Failed to load global ranking.',
  homeFailed: 'Failed to load lists. Please try again later.',
  legacyLoadFailed: 'Failed to load the legacy rankings.',
  legacySaveFailed: 'Failed to save the legacy rankings. Please try again.',
  listDeleteFailed: 'Failed to delete list. Please try again.',
  listGone: 'List not found. It may have been deleted.',
  listLoadFailed: 'An error occurred while loading the list.',
  listMixed: 'Cannot mix seasons and contestants.',
  listNameRequired: 'Please enter a name for your list',
  listNotFound: 'List not found',
  listSaveFailed: 'Failed to save your list. Please try again.',
  moderationActionFailed: 'Failed to apply the action. Please try again.',
  moderationQueueFailed: 'Failed to load the moderation queue. Please try again.',
  myListsFailed: 'Failed to load your lists. Please try again.',
  newPasswordFailed: 'Failed to reset your password. Please try again.',
  noLists: 'No lists found for this user',
  notFound: 'Not found.',
  passwordChangeFailed: 'Failed to change your password. Please try again.',
  reportFailed: 'Failed to send your report. Please try again.',
  reportReasonRequired: 'Choose a reason for your report.',
  reportTextRequired: 'Tell us what is wrong.',
  resetEmailRequired: 'Please enter your email address to reset your password.',
  resetMailFailed: 'Failed to send password reset email. Please try again.',
  resetSent: 'Password reset email sent. Check your inbox for instructions.',
  restoreFailed: 'Failed to restore the account. Please try again.',
  sessionsLoadFailed: 'Failed to load where you are signed in.',
  settingsFailed: 'Failed to save your setting. Please try again.',
  shareFailed: 'Sorry, couldn\'t generate the shareable image.',
  signInFailed: 'Sign-in failed. Please try again.',
  signOutFailed: 'Sign-out failed. Please try again.',
  signUpFailed: 'Sign-up failed. Please try again.',
  signedOut: 'You are not signed in.',
  somethingWrong: 'Something went wrong. Please try again.',
  sorterPairTwice: 'This sorting answers the same question twice. Stop sorting and start again.',
  suspendFailed: 'Failed to suspend the account. Please try again.',
  suspendReasonRequired: 'Say why the account is suspended.',
  suspendUntilPast: 'The end date must be in the future.',
  tierColor: 'Choose each tier\'s color from the palette.',
  tierCount: 'A tier list needs 1 to 10 tiers.',
  tierLabelRequired: 'Every tier needs a label.',
  tierLabelTooLong: 'A tier\'s label must be 20 characters or fewer.',
  tierListContestants: 'A tier list keeps its entries in its tiers.',
  tierListEmpty: 'Place at least one contestant or season in a tier.',
  tiersOnRanked: 'Only a tier list has tiers.',
  tooManyBlocks: 'You have blocked {max} users, the most an account can. Unblock someone first.',
  tooManyFavorites: 'You have {max} favorites, the most an account can keep. Remove one first.',
  tooManyFollows: 'You follow {max} fans, the most an account can. Unfollow someone first.',
  upvoteFailed: 'Failed to upvote list. Please try again.',
  userNotFound: 'User not found',
  usernameEmpty: 'Username cannot be empty',
  usernameFailed: 'Failed to update username. Please try again.',
  usernameLimited: 'Too many username changes. Please try again later.',
  usernameSignedOut: 'You must be signed in to change your username.',
  usernameTooLong: 'Username must be 30 characters or fewer.',
} as const;

/** The names of the {name} placeholders in a message. */
type Placeholders<S extends string> = S extends `${string}{${infer K}}${infer R}` ? K | Placeholders<R> : never;

/** A message with its placeholders filled in, as problem.Format does on the server. */
export function format<S extends string>(message: S, values: Record<Placeholders<S>, string | number>): string {
  const named: Record<string, string | number> = values;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in named ? String(named[name]) : whole));
}
