// The "id of the opposite party being viewed": the conversation open on this tab's screen,
// and who is on the other side. Set by the open conversation while it is mounted; read by the live
// layer to decide whether an incoming message goes to the front of the visible messages.

export interface OpenConversation {
  conversationId: string;
  partyId: string;
}

let open: OpenConversation | null = null;

export function setOpenConversation(next: OpenConversation | null) {
  open = next;
}

export function getOpenConversation(): OpenConversation | null {
  return open;
}
