import type { CurrentUser } from "../../../shared/contracts/auth";
import { ChatPanel } from "../chat/chat-panel";
import { useChat } from "../chat/use-chat";

export /** Property View's Show Chat sidebar: the same assistant, beside the table it refreshes. */
function PropertyViewChat({ user }: { user: CurrentUser }) {
  const chat = useChat({ user });
  return <ChatPanel chat={chat} className="self-start" />;
}
