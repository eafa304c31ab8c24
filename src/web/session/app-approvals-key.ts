/** The query of the person's waiting app approvals: the notice reads it, the cards refresh it. */
export const appApprovalsKey = ["/api/account/app-approvals"] as const;
