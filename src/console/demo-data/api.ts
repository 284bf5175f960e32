import { queryOptions } from '@tanstack/react-query';
import type { DemoData, RemovedDemoData } from '../../domain/demo-data';
import { ADMIN_KEY, getJson, sendJson } from '../client';

/** What the demo code made and is still there (owners): the notice shows while there is any. */
export const demoDataQuery = queryOptions({
  queryKey: [...ADMIN_KEY, 'demo-data'],
  queryFn: () => getJson<DemoData>('admin/demo-data'),
});

/** "Remove demo data": the code and all it made, in one transaction, audited. */
export const removeDemoData = () => sendJson<RemovedDemoData>('delete', 'admin/demo-data');
