/**
 * A request the assistant writes out for the person (a create with its missing piece, their words
 * without the category they cannot use) is offered as a button under its reply; the message box
 * stays theirs and holds it only once they choose that button. The button's label, and how a reply
 * points to it, live here so the reply never says the box holds something it does not.
 */
export const suggestedRequestLabel = "Use this request";

/** 'Choose “Use this request” below to put it in your message box', ended by the reply. */
export const suggestedRequestPointer = `choose “${suggestedRequestLabel}” below to put it in your message box`;
