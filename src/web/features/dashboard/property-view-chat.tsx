import type { CurrentUser } from "../../../shared/contracts/auth";
import { ChatPanel } from "../chat/chat-panel";
import { useChat } from "../chat/use-chat";

/** Property View's Show Chat panel: the same assistant, above the table it refreshes. */
export function PropertyViewChat({ user }: { user: CurrentUser }) {
  const chat = useChat({ user });
  return <ChatPanel chat={chat} />;
}
