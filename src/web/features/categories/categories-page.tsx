import { Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import type { CurrentUser } from "../../../shared/contracts/auth";
import type { Category } from "../../../shared/contracts/categories";
import { capabilitiesOf } from "../../../shared/plans";
import { BackLink } from "../../components/back-link";
import { PageHeading } from "../../components/page-heading";
import { PremiumFeatureCard } from "../../components/premium-feature-card";
import { Button } from "../../components/ui/button";
import { serverErrorMessage } from "../../lib/api-error-message";
import { routePaths } from "../../lib/route-paths";
import { useCategories, useCategoryAnnotationCounts } from "../../session/categories";
import { CategoriesError, CategoriesLoading, NoCategories } from "./categories-states";
import { CategoryCard } from "./category-card";
import { CreateCategory, DeleteCategory, EditCategory } from "./category-dialogs";

function PremiumCategories() {
  const categories = useCategories({ enabled: true });
  const counts = useCategoryAnnotationCounts({ enabled: true });
  const [creating, setCreating] = useState(false);
  const [createKey, setCreateKey] = useState(0);
  const [editing, setEditing] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);

  function openCreate() {
    setCreateKey((key) => key + 1);
    setCreating(true);
  }

  let body;
  if (categories.isPending) {
    body = <CategoriesLoading />;
  } else if (categories.isError) {
    body = (
      <CategoriesError
        message={
          serverErrorMessage(categories.error) ??
          "Your categories could not be loaded. Please try again."
        }
        onRetry={() => void categories.refetch()}
      />
    );
  } else if (categories.data.length === 0) {
    body = <NoCategories onCreate={openCreate} />;
  } else {
    body = (
      <ul aria-label="Your categories" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {categories.data.map((category) => (
          <CategoryCard
            key={category.id}
            category={category}
            annotationCount={counts.data?.[category.id]}
            onEdit={() => setEditing(category)}
            onDelete={() => setDeleting(category)}
          />
        ))}
      </ul>
    );
  }

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading title="Categories" className="min-w-0">
          Colour-code annotations and give their titles one naming pattern.
        </PageHeading>
        <Button onClick={openCreate}>
          <Plus aria-hidden="true" />
          New Category
        </Button>
      </div>
      {body}
      <CreateCategory openKey={creating ? createKey : null} onOpenChange={setCreating} />
      <EditCategory category={editing} onClose={() => setEditing(null)} />
      <DeleteCategory category={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** /categories: Premium manages its categories here; everyone else sees the Premium notice. */
export function CategoriesPage({ user }: { user: CurrentUser }) {
  if (!capabilitiesOf(user.subscriptionTier).canUseCategories) {
    return (
      <PremiumFeatureCard
        description="Custom categories with naming templates are part of Premium. Upgrade to colour-code your annotations and keep every title consistent."
        actions={
          <>
            <Button asChild variant="outline">
              <Link href={routePaths.dashboard}>Back to Dashboard</Link>
            </Button>
            <Button asChild>
              <Link href={routePaths.plans}>View Plans</Link>
            </Button>
          </>
        }
      />
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <BackLink href={routePaths.dashboard}>Back to Dashboard</BackLink>
      <PremiumCategories />
    </div>
  );
}
