import { route, type Route } from '../../route';
import { deleteBy } from './delete-by';

/** Filter-driven write routes. */
// prettier-ignore
export const filterRoutes: Route[] = [
  route({ operation: 'deleteBy', method: 'POST', path: '/1/indexes/{indexName}/deleteByQuery', host: 'search', acl: 'deleteIndex', call: { body: 'deleteByParams' }, handler: deleteBy }),
];
