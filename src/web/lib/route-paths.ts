/** The client routes that exist in this build. Other spec routes (/plans, /dashboard, ...) land later. */
export const routePaths = {
  home: "/",
  login: "/login",
  signup: "/signup",
  privacy: "/privacy",
  terms: "/terms",
} as const;
