import { Link } from "wouter";
import { dataRetention } from "../../../shared/data-retention";
import { premiumAssistantFairUse, tierCapabilities } from "../../../shared/plans";
import { routePaths } from "../../lib/route-paths";
import { LegalDocument, type LegalSection } from "./legal-document";
import { legalContactEmail, liabilityCap } from "./legal-facts";

const { freemium, premium } = tierCapabilities;
const { sessionLifetimeDays, inactiveAccountDeletionYears, deletionRequestDeadlineDays } =
  dataRetention;

const sections: LegalSection[] = [
  {
    id: "acceptance",
    title: "Accepting these terms",
    body: (
      <p>
        These Terms of Service (&ldquo;Terms&rdquo;) govern your use of Tidemark, a web application
        for managing annotations on Google Analytics 4 properties (the &ldquo;Service&rdquo;). By
        creating an account or using the Service you agree to these Terms. If you use Tidemark for
        an organisation, you agree on its behalf and confirm that you are authorised to do so.
      </p>
    ),
  },
  {
    id: "the-service",
    title: "The Service",
    body: (
      <p>
        Tidemark lets you list, create and, on plans that include it, edit and delete dated
        annotations on GA4 properties, either by chatting with an AI assistant (Agent Mode) or
        through a table (Property View). We are continually improving Tidemark, so features may
        change; if we remove something you rely on, we will give you reasonable notice where we can.
      </p>
    ),
  },
  {
    id: "your-account",
    title: "Your account",
    body: (
      <>
        <p>
          You must be at least 16 years old and able to form a binding contract to use Tidemark. You
          sign in with your Google account or your email address and are responsible for what
          happens under your account, so keep access to it secure and tell us promptly if you
          suspect unauthorised use.
        </p>
        <p>
          For your security, a signed-in session lasts up to {sessionLifetimeDays} days, after which
          you sign in again.
        </p>
      </>
    ),
  },
  {
    id: "google-analytics",
    title: "Connecting Google Analytics",
    body: (
      <>
        <p>
          When you connect Google Analytics, you authorise Tidemark to access your GA4 account
          through Google&apos;s OAuth service so that it can list your properties and manage their
          annotations on your instructions. You confirm that you have permission to make those
          changes on every property you use with Tidemark.
        </p>
        <p>
          Changes you make through Tidemark are written to your GA4 properties and are visible to
          anyone with access to them. Your use of Google Analytics remains subject to Google&apos;s
          own terms. You can disconnect at any time from within the app or from your Google Account.
        </p>
      </>
    ),
  },
  {
    id: "plans-and-limits",
    title: "Plans and daily limits",
    body: (
      <>
        <ul>
          <li>
            <strong>Freemium</strong> is free. It includes {freemium.propertyQuota} locked property,{" "}
            {freemium.dailyAnnotationQuota} new annotations per day, listing and adding annotations,
            and a basic AI assistant.
          </li>
          <li>
            <strong>Premium</strong> adds up to {premium.propertyQuota} properties,{" "}
            {premium.dailyAnnotationQuota} new annotations per day, editing and deleting
            annotations, the AI annotation audit, custom categories and the AI assistant under fair
            use: up to {premiumAssistantFairUse.messagesPerMinute} messages a minute and{" "}
            {premiumAssistantFairUse.messagesPerDay} a day, the daily count resetting at midnight
            UTC. Premium is coming soon and currently open only to invited testers.
          </li>
        </ul>
        <p>
          {/* The reset rule itself lives in shared/daily-quota.ts. */}
          Daily annotation counts reset at midnight UTC. If we introduce paid plans, we will show
          the price and billing terms before you choose one, and you will never be charged without
          agreeing first.
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
          The AI assistant and the AI annotation audit generate their answers automatically. They
          can be wrong or incomplete, so review what they propose before you rely on it. The
          assistant acts on your instructions, and audit suggestions change nothing until you accept
          and apply them.
        </p>
        <p>
          You are responsible for the annotations you create or apply, including those drafted with
          AI.
        </p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>When using Tidemark, you agree not to:</p>
        <ul>
          <li>break the law or infringe anyone else&apos;s rights;</li>
          <li>access or change Google Analytics properties you are not authorised to manage;</li>
          <li>get around plan limits, security measures or access controls;</li>
          <li>
            overload, disrupt, probe or reverse engineer the Service, or access it by automated
            means other than the features we provide;
          </li>
          <li>
            use the AI assistant to produce unlawful, harmful or misleading content, or try to make
            it misbehave.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "your-content",
    title: "Your content",
    body: (
      <p>
        You keep ownership of the annotations, categories, messages and other content you create in
        Tidemark. You give us permission to store, process and transmit that content only as needed
        to provide and improve the Service for you, as described in our{" "}
        <Link href={routePaths.privacy}>Privacy Policy</Link>.
      </p>
    ),
  },
  {
    id: "our-service",
    title: "Our rights",
    body: (
      <p>
        Tidemark, including its software, design and brand, belongs to us and our licensors. These
        Terms give you a personal, non-exclusive, non-transferable right to use the Service while
        your account is in good standing; they do not transfer any ownership to you.
      </p>
    ),
  },
  {
    id: "third-party-services",
    title: "Third-party services",
    body: (
      <p>
        Tidemark depends on services we do not control, including Google Analytics and our AI model
        provider. We are not responsible for their availability or for changes they make, although
        we will work to limit the effect on you.
      </p>
    ),
  },
  {
    id: "termination",
    title: "Ending your use",
    body: (
      <>
        <p>
          You can stop using Tidemark at any time. You can delete your account yourself on your
          Account page, which deletes your data at once, revokes our access to your Google Analytics
          and signs you out everywhere; or ask us, and we will delete your data within{" "}
          {deletionRequestDeadlineDays} days of your request. Before that, &ldquo;Export my
          data&rdquo; on the same page gives you a copy. Annotations already written to your GA4
          properties stay in Google Analytics.
        </p>
        <p>
          We may suspend or close your account if you seriously or repeatedly break these Terms, or
          if we must do so by law; where reasonable, we will tell you first. Accounts that nobody
          has used (signed in to or visited while signed in) for {inactiveAccountDeletionYears}{" "}
          years are deleted along with their data, in the same way.
        </p>
      </>
    ),
  },
  {
    id: "disclaimers",
    title: "Disclaimers",
    body: (
      <p>
        We work hard to keep Tidemark reliable, but the Service is provided &ldquo;as is&rdquo; and
        &ldquo;as available&rdquo;. To the extent the law allows, we make no warranties, express or
        implied, including warranties of merchantability, fitness for a particular purpose and
        non-infringement, and we do not promise that the Service will be uninterrupted or
        error-free.
      </p>
    ),
  },
  {
    id: "limitation-of-liability",
    title: "Limitation of liability",
    body: (
      <>
        <p>
          To the extent the law allows, Tidemark will not be liable for any indirect, incidental,
          special, consequential or punitive damages, or for lost profits, revenue, data or
          goodwill, arising from your use of the Service.
        </p>
        <p>
          Our total liability for all claims relating to the Service is limited to the greater of
          (a) the fees you paid us for the Service in the {liabilityCap.feeMonths} months before the
          event giving rise to the claim, or (b) US ${liabilityCap.minimumUsd}. Nothing in these
          Terms limits liability that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these Terms from time to time. We will change the &ldquo;Last updated&rdquo;
        date above and, for significant changes, tell you in the app or by email before they take
        effect. If you keep using Tidemark after that, the updated Terms apply.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <p>
        Questions about these Terms? Email{" "}
        <a href={`mailto:${legalContactEmail}`}>{legalContactEmail}</a>.
      </p>
    ),
  },
];

export function TermsOfService() {
  return (
    <LegalDocument
      title="Terms of Service"
      summary="These terms set out the rules for using Tidemark: what the service does, what we expect from you, and what we are responsible for."
      sections={sections}
    />
  );
}
