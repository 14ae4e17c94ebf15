import { getInstitutionInfo } from '@budget/contracts';
import { Button, Dialog, LoadError, LoadingBlock, useRouteQuery } from '@budget/web';
import type { Institution } from '../institutions/institution-data.js';

/** Institution Info: Plaid's record of a linked bank (GET /institution/{id}/info): its site, logo, products and their health. */
export function InstitutionInfoDialog({ institution, onClose }: { institution: Institution; onClose: () => void }) {
  const info = useRouteQuery(getInstitutionInfo, { params: { id: institution.id } });
  const data = info.data;
  return (
    <Dialog open title={`${institution.name} Info`} onClose={onClose} testId="institution-info-dialog" actions={<Button onClick={onClose}>Close</Button>}>
      {info.isError ? (
        <LoadError what="The institution's info" error={info.error} onRetry={() => void info.refetch()} retrying={info.isFetching} />
      ) : !data ? (
        <LoadingBlock />
      ) : (
        <dl className="online-info">
          {data.logo ? <img className="online-info__logo" src={`data:image/png;base64,${data.logo}`} alt="" /> : null}
          <dt>Name</dt>
          <dd>{data.name}</dd>
          <dt>Plaid id</dt>
          <dd>{data.institution_id}</dd>
          {data.url ? (
            <>
              <dt>Website</dt>
              <dd>
                <a href={data.url} target="_blank" rel="noreferrer">
                  {data.url}
                </a>
              </dd>
            </>
          ) : null}
          <dt>Products</dt>
          <dd>{data.products.join(', ')}</dd>
          {Object.entries(data.status ?? {}).map(([product, status]) => (
            <div key={product}>
              <dt>Status: {product.replace(/_/g, ' ')}</dt>
              <dd>{status?.status ?? 'unknown'}</dd>
            </div>
          ))}
        </dl>
      )}
    </Dialog>
  );
}
