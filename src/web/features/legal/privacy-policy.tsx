import { cookieFacts } from "../../../shared/cookies";
import { dataRetention } from "../../../shared/data-retention";
import { LegalDocument, type LegalSection } from "./legal-document";
import { legalContactEmail } from "./legal-facts";

const {
  sessionLifetimeDays,
  activityRecordingHours,
  inactiveAccountDeletionYears,
  deletionRequestDeadlineDays,
  deletedAccountLockDays,
  revokeTokenKeptDays,
  chatConversationsKept,
  dismissedTrafficDaysKept,
} = dataRetention;

const { session, googleSignIn, googleConnection, selectedProperty } = cookieFacts;
const minutes = (seconds: number) => `${seconds / 60} minutes`;
const days = (seconds: number) => `${seconds / 86_400} days`;

const sections: LegalSection[] = [
  {
    id: "information-we-collect",
    title: "Information we collect",
    body: (
      <>
        <p>We collect only what we need to run Tidemark:</p>
        <ul>
          <li>
            <strong>Account information.</strong> Your email address and, when you sign in with
            Google, the first and last name and profile picture of your Google account.
          </li>
          <li>
            <strong>Google Analytics connection.</strong> When you connect Google Analytics, we
            receive OAuth access and refresh tokens, their expiry time and the permissions (scopes)
            you granted. Using them, we read the list of GA4 properties your Google account can
            access (property ID, display name and account name) and the annotations on the
            properties you choose to work with.
          </li>
          <li>
            <strong>Content you create.</strong> Annotation titles, descriptions, dates and colours;
            categories and title templates; the property IDs you save; AI audit sessions and the
            suggestions they produce; and the messages you exchange with the AI assistant.
          </li>
          <li>
            <strong>Usage records.</strong> Your plan, a count of annotations created each day and a
            record of annotation changes (created, updated, deleted), which we use to apply your
            plan&apos;s limits.
          </li>
          <li>
            <strong>Technical information.</strong> Server logs with your IP address, browser type
            and the time of each request, which we keep for security and troubleshooting.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "how-we-use-information",
    title: "How we use information",
    body: (
      <>
        <p>We use the information above to:</p>
        <ul>
          <li>sign you in and keep your session secure;</li>
          <li>
            list, create, edit and delete annotations on your GA4 properties when you ask us to;
          </li>
          <li>
            answer your messages to the AI assistant and run the AI annotation audit when you start
            one;
          </li>
          <li>apply plan limits, such as the number of annotations you can create each day;</li>
          <li>detect and prevent abuse, fix problems and keep the service reliable;</li>
          <li>
            send you messages about the service itself, such as important changes to these policies.
          </li>
        </ul>
        <p>We do not sell your personal information, and we do not use it for advertising.</p>
      </>
    ),
  },
  {
    id: "google-analytics-data",
    title: "Google Analytics data",
    body: (
      <>
        <p>
          Tidemark connects to Google Analytics through Google&apos;s OAuth consent screen; we never
          see your Google password. We use this access only to manage annotations for you: to list
          the GA4 properties you can reach and to read, create, edit and delete annotations on them
          as you direct.
        </p>
        <p>
          Your OAuth tokens are encrypted at rest and are used only by our servers. We do not use
          Google Analytics data for advertising, we do not sell it, and we do not share it except as
          described in this policy to provide the features you use. Our use of information received
          from Google APIs adheres to the{" "}
          <a
            href="https://developers.google.com/terms/api-services-user-data-policy"
            rel="noreferrer"
            target="_blank"
          >
            Google API Services User Data Policy
          </a>
          , including its Limited Use requirements.
        </p>
        <p>
          You can disconnect Google Analytics in Tidemark at any time, which deletes the stored
          tokens and asks Google to revoke our access; deleting your account does the same. You can
          also revoke Tidemark&apos;s access from your{" "}
          <a href="https://myaccount.google.com/permissions" rel="noreferrer" target="_blank">
            Google Account permissions page
          </a>
          .
        </p>
      </>
    ),
  },
  {
    id: "ai-assistant",
    title: "The AI assistant",
    body: (
      <>
        <p>
          Messages you send in Agent Mode, and the annotation details needed to answer them, are
          processed by an AI assistant to understand your request and carry it out. The same applies
          to the annotations included in an AI audit you start. This processing is performed by an
          AI model provider acting on our behalf and only to provide these features.
        </p>
        <p>
          We keep your conversation so that you can see it while you work. Clearing the chat deletes
          that conversation. Please do not include sensitive personal information in your messages.
        </p>
      </>
    ),
  },
  {
    id: "cookies-and-local-storage",
    title: "Cookies and local storage",
    body: (
      <>
        <p>
          Tidemark sets only cookies it needs to work, none for advertising or tracking, and each is
          sent only to Tidemark:
        </p>
        <ul>
          <li>
            <strong>
              <code>{session.name}</code>
            </strong>{" "}
            (named <code>{session.productionName}</code> on our servers), the session cookie that
            keeps you signed in. It holds a random session token, which our server can read but your
            browser&apos;s scripts cannot. It expires {sessionLifetimeDays} days after you last used
            Tidemark: while you use it, the session is extended, at most once a day. After{" "}
            {sessionLifetimeDays} days without a visit you will need to sign in again. Signing out
            ends the session straight away.
          </li>
          <li>
            <strong>
              <code>{googleSignIn.name}</code>
            </strong>
            , set only while you sign in with Google and deleted when Google sends you back (at the
            latest {minutes(googleSignIn.maxAgeSeconds)}). It holds a random value that proves the
            answer from Google belongs to the sign-in you started.
          </li>
          <li>
            <strong>
              <code>{googleConnection.name}</code>
            </strong>
            , the same for connecting Google Analytics, deleted when Google sends you back (at the
            latest {minutes(googleConnection.maxAgeSeconds)}).
          </li>
          <li>
            <strong>
              <code>{selectedProperty.name}</code>
            </strong>
            , the GA4 property you last selected and your account&apos;s id, so Tidemark opens on
            that property, and never on it for someone else signing in on the same browser. It is
            kept for {days(selectedProperty.maxAgeSeconds)} and removed when you choose no property.
          </li>
        </ul>
        <p>
          Your browser&apos;s local storage also keeps a few preferences on your device: your light
          or dark theme, a plan you picked before signing in, and whether you chose to log in or
          sign up. While a tab is open, its session storage remembers which assistant conversation
          it shows. None of these leave your device, and you can remove them by clearing your
          browser&apos;s site data.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "How we share information",
    body: (
      <>
        <p>We share information only in these cases:</p>
        <ul>
          <li>
            <strong>Google</strong>, when we call Google Analytics on your instruction, for example
            to create an annotation.
          </li>
          <li>
            <strong>Service providers</strong> that host our servers and database or provide the AI
            model, under contracts that let them use the information only to provide their services
            to us.
          </li>
          <li>
            <strong>Legal reasons</strong>, when the law requires it or to protect the rights,
            safety and security of our users, the public or Tidemark.
          </li>
          <li>
            <strong>Business transfers</strong>, if Tidemark is involved in a merger or acquisition,
            in which case this policy continues to apply to your information.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep information",
    body: (
      <>
        <p>
          We keep your account information and content for as long as you use Tidemark. We record
          when you last used it: at each sign-in and, while you stay signed in, at your first visit
          once {activityRecordingHours} hours have passed since the time we last recorded. If you
          have not used Tidemark for {inactiveAccountDeletionYears} years, a daily job deletes your
          account in exactly the way described below, as if you had deleted it yourself. We keep
          your {chatConversationsKept} most recent conversations with the assistant and the{" "}
          {dismissedTrafficDaysKept} unusual traffic days you dismissed most recently: starting
          another conversation, or dismissing another day, deletes the oldest.
        </p>
        <p>
          <strong>Deleting your account.</strong> On your Account page, &ldquo;Delete my
          account&rdquo; (you confirm by typing your email address) deletes at once and for good
          your account and plan, your sign-in methods, saved properties, categories, AI audits and
          their suggestions, your conversations with the assistant, the record of annotation changes
          and every other record we keep about you, and it ends your sessions on every device. We
          also ask Google to revoke Tidemark&apos;s access to your Google account, Google Analytics
          included. If Google does not answer, your account is deleted all the same and we keep
          asking, for up to {revokeTokenKeptDays} days, keeping only the token needed to ask and
          which Google account it belongs to, encrypted; both are deleted as soon as Google answers
          or we stop asking. If you connect the same Google account to a Tidemark account again
          before then, we do not ask Google to revoke: that would end your new connection too. If
          Google never confirms, you can remove Tidemark on your{" "}
          <a href="https://myaccount.google.com/permissions" rel="noreferrer" target="_blank">
            Google Account permissions page
          </a>
          . You can also ask us by email to delete your account; we will do the same within{" "}
          {deletionRequestDeadlineDays} days of your request.
        </p>
        <p>
          <strong>What we keep after you delete your account.</strong> So that deleting an account
          and signing up again cannot be used to get around the free plan&apos;s limits, when you
          delete your account we keep, for a limited time, a small record under a fingerprint of
          your email address: a keyed hash, from which your address cannot be read back, and which
          only matches if the same address signs up again. It holds the number of annotations you
          created and assistant messages you sent that day, kept until the day ends (midnight UTC),
          and the ID of the Google Analytics property your free plan was locked to, kept for{" "}
          {deletedAccountLockDays} days. It holds no email address, name, property name or anything
          you wrote. If you sign up again with the same address within that time, your new account
          starts with those counts and that lock. A daily job deletes the record once its time is
          up. Our limits on sign-in emails and account requests are counted under the same kind of
          fingerprint, never under your address, for at most a day. Accounts deleted for inactivity
          leave no such record.
        </p>
        <p>
          Annotations that have already been written to your GA4 properties are stored by Google
          Analytics, not by Tidemark, so deleting your Tidemark account does not remove them; you
          can delete them in Tidemark beforehand or in Google Analytics. Our server logs keep, for
          security, a line saying that an account was deleted, under its internal number and without
          your email address.
        </p>
      </>
    ),
  },
  {
    id: "export",
    title: "Exporting your data",
    body: (
      <>
        <p>
          &ldquo;Export my data&rdquo; on your Account page downloads one JSON file with everything
          Tidemark stores about you: your account (email address, name, plan and its daily counters,
          when you signed up and last used Tidemark, and which Google Analytics permissions you
          granted), your sign-in methods and active sessions (with the browser and IP address of
          each), saved properties, categories and the annotations they are assigned to, the record
          of annotation changes made through Tidemark, AI audits with their suggestions, your
          conversations with the assistant, and the unusual traffic days you dismissed.
        </p>
        <p>
          The file never contains secrets: no Google tokens, session tokens or sign-in links.
          Annotations themselves are stored by Google Analytics, where you can see and export them.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        We protect your information with encryption in transit (HTTPS), encryption at rest for
        Google tokens, and access controls that limit who and what can reach your data. No system is
        perfectly secure, but we work to protect your information and will notify you if a breach
        affects it, as the law requires.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your choices and rights",
    body: (
      <>
        <p>
          You can export or delete your data yourself at any time on your Account page (see above).
          You can also ask to access, correct, export or delete your personal information, and you
          can object to or ask us to restrict certain processing. Depending on where you live, for
          example in the European Economic Area, the United Kingdom or California, you may have
          further rights under local law, including the right to complain to a data protection
          authority.
        </p>
        <p>
          To make a request, email us at{" "}
          <a href={`mailto:${legalContactEmail}`}>{legalContactEmail}</a>. We may need to confirm
          your identity before acting on it.
        </p>
      </>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <p>
        Tidemark is a tool for professionals and is not directed to children under 16. We do not
        knowingly collect their personal information; if you believe a child has given us
        information, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: "international-transfers",
    title: "International transfers",
    body: (
      <p>
        We and our service providers may process information in countries other than the one you
        live in. Where we do, we use safeguards required by law, such as standard contractual
        clauses, to protect it.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        We may update this policy as Tidemark changes. We will change the &ldquo;Last updated&rdquo;
        date above and, if the changes are significant, tell you in the app or by email before they
        take effect.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <p>
        Questions about this policy or your information? Email{" "}
        <a href={`mailto:${legalContactEmail}`}>{legalContactEmail}</a>.
      </p>
    ),
  },
];

export function PrivacyPolicy() {
  return (
    <LegalDocument
      title="Privacy Policy"
      summary="This policy explains what information Tidemark collects when you use our web app to annotate Google Analytics 4 properties, how we use and protect it, and the choices you have."
      sections={sections}
    />
  );
}
