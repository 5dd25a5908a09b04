import { route, type Route } from '../../route';
import { deleteBy } from './delete-by';
import { registerFilters } from './stage';

// The route table imports this module, so the engine's filter stage is always registered.
registerFilters();

/** Filter-driven write routes; add to the search route table. */
export const filterRoutes: Route[] = [
  route({
    operation: 'deleteBy',
    method: 'POST',
    path: '/1/indexes/{indexName}/deleteByQuery',
    host: 'search',
    acl: 'deleteIndex',
    call: { body: 'deleteByParams' },
    handler: deleteBy,
  }),
];
