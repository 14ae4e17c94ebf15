import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ListDetail, LoadError, LoadingBlock, recordPath, remember, useCategories } from '@budget/web';
import { CategoryList } from './CategoryList.js';
import { CategoryRegister } from './CategoryRegister.js';
import { FirstRunGuide } from './FirstRunGuide.js';
import { HomeToolbar } from './HomeToolbar.js';
import { RebalancesRegister } from './RebalancesRegister.js';
import { REBALANCES_PATH } from './tree-rows.js';

/** /home, /home/:categoryId and /home/rebalances: the category list beside a register. */
export function HomePage({ rebalances = false }: { rebalances?: boolean }) {
  const { categoryId } = useParams();
  const navigate = useNavigate();
  const { data: tree, isPending, isError, isFetching, error, refetch } = useCategories();
  const selected = categoryId === undefined ? tree?.unassigned : tree?.categories.get(categoryId);
  const unknown = categoryId !== undefined && tree != null && selected === undefined;

  useEffect(() => {
    if (categoryId !== undefined && tree != null) remember('category', unknown ? null : categoryId);
  }, [categoryId, tree, unknown]);

  if (isError) return <LoadError what="Your categories" error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  if (isPending || tree === undefined) return <LoadingBlock />;
  if (unknown) return <Navigate to="/home" replace />;

  const selectedPath = rebalances ? REBALANCES_PATH : selected ? recordPath('/home', selected.id) : '/home';
  const detail = rebalances ? (
    <RebalancesRegister tree={tree} />
  ) : selected ? (
    <CategoryRegister key={selected.id} category={selected} tree={tree} />
  ) : null;

  return (
    <div className="home">
      {/* The page's one h1 (docs/architecture.md §9); the selected category's name heads its register. */}
      <h1 className="ui-visually-hidden">Categories</h1>
      <HomeToolbar />
      <FirstRunGuide tree={tree} />
      <ListDetail
        list={<CategoryList tree={tree} selectedPath={selectedPath} />}
        detail={detail}
        detailOpen={rebalances || categoryId !== undefined}
        onBack={() => navigate('/home')}
      />
    </div>
  );
}
