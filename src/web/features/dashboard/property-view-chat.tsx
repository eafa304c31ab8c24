import type { CurrentUser } from "../../../shared/contracts/auth";
import { ChatPanel } from "../chat/chat-panel";
import { dialogDraftOf, useChat, type DialogDraft } from "../chat/use-chat";

/** Property View's Show Chat panel: the same assistant, above the table it refreshes. */
export function PropertyViewChat({
  user,
  onEdit,
}: {
  user: CurrentUser;
  /** Edit on a preview card: the table's dialog, filled in. */
  onEdit?: (draft: DialogDraft) => void;
}) {
  const chat = useChat({
    user,
    ...(onEdit ? { onEdit: (draft) => onEdit(dialogDraftOf(draft)) } : {}),
  });
  return <ChatPanel chat={chat} />;
}
