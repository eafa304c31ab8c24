import { LogOut } from "lucide-react";
import { Button, type ButtonProps } from "../../components/ui/button";
import { loadServerPage } from "../../lib/page-navigation";
import { serverNavigations } from "../../lib/route-paths";
import { clearAuthIntent } from "./auth-intent";
import { clearSelectedPlan } from "../plans/selected-plan";

/** Signs out by loading /api/logout, which ends the session and lands on the landing page. */
export function logOut(): void {
  // Half-finished sign-in state belongs to the person leaving, not to whoever signs in next here.
  clearAuthIntent();
  clearSelectedPlan();
  loadServerPage(serverNavigations.logout);
}

export function LogOutButton({
  variant = "outline",
  size = "sm",
  ...props
}: Omit<ButtonProps, "onClick">) {
  return (
    <Button variant={variant} size={size} onClick={logOut} {...props}>
      <LogOut aria-hidden="true" />
      Log out
    </Button>
  );
}
