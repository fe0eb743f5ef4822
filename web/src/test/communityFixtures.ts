import type { components } from '../api/schema.gen';

type ListSummary = components['schemas']['ListSummary'];
type Comment = components['schemas']['Comment'];
type Notification = components['schemas']['Notification'];

const item = (id: string, name: string) => ({
  id,
  name,
  imageUrl: `/media/contestants/s20/${id}`,
  isSeason: false,
  seasonId: 's20',
  seasonName: 'Survivor: Heroes vs. Villains',
});

export function summary(overrides: Partial<ListSummary> = {}): ListSummary {
  return {
    id: 'list_1700000000000',
    userId: 'u2',
    userName: 'Parvati',
    name: 'Queens of the Game',
    description: '',
    tags: ['strategic', 'survivor-ranking'],
    format: 'ranked',
    isPublic: true,
    createdAt: '2024-05-01T12:00:00Z',
    updatedAt: '2024-05-01T12:00:00Z',
    upvoteCount: 4,
    contestantCount: 10,
    topItems: [item('sandra-diaz-twine', 'Sandra Diaz-Twine'), item('parvati-shallow', 'Parvati Shallow'), item('amanda-kimmel', 'Amanda Kimmel')],
    ...overrides,
  };
}

export function comment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 'c1',
    listUserId: 'u2',
    listId: 'list_1',
    userId: 'u3',
    userName: 'Rob',
    text: 'Great list!',
    createdAt: new Date(Date.now() - 2 * 60 * 1000).toISOString(),
    parentId: null,
    isReply: false,
    upvotes: 0,
    downvotes: 0,
    score: 0,
    myVote: 0,
    replies: [],
    ...overrides,
  };
}

export function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n1',
    userId: 'u1',
    type: 'comment',
    createdByName: 'Rob',
    content: 'Short',
    isNew: true,
    createdAt: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
    listUserId: 'u1',
    listId: 'list_1',
    commentId: 'c1',
    ...overrides,
  };
}
