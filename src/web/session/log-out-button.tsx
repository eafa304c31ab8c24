import { LogOut } from "lucide-react";
import { Button, type ButtonProps } from "../components/ui/button";
import { signOut } from "../lib/sign-out";

export function LogOutButton({
  variant = "outline",
  size = "sm",
  ...props
}: Omit<ButtonProps, "onClick">) {
  return (
    <Button variant={variant} size={size} onClick={signOut} {...props}>
      <LogOut aria-hidden="true" />
      {/* An icon on phones, where the header has one row; still named for everyone. */}
      <span className="max-sm:sr-only">Log out</span>
    </Button>
  );
}
