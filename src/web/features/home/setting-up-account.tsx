import { LoadingScreen } from "../../components/loading-screen";

/** Shown while home works out who is here, and while a stored plan is applied. */
export const settingUpAccountLabel = "Setting up your account...";

export function SettingUpAccount() {
  return <LoadingScreen label={settingUpAccountLabel} />;
}
