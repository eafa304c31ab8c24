import { Trash2 } from "lucide-react";
import { Button } from "./ui/button";

/** The Revoke button beside a secret in a list of them (a token, a feed). */
export function RevokeButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outline" size="sm" className="self-start" onClick={onClick}>
      <Trash2 aria-hidden="true" />
      Revoke
    </Button>
  );
}
