/**
 * A few saved filters, recent filters and searches and a resized column, so the table toolbar's
 * menus are not empty on first sign-in.
 */
import type { Db } from '../../db/client';
import { recentFilters, savedFilters, tableConfigs } from '../../db/schema/toolbar';
import type { DemoCustomer } from '../types';
import { bulkInsert } from './bulk';
import { addDays } from './calendar';

export async function seedToolbar(db: Db, today: Date, customers: DemoCustomer[]) {
  const owner = customers.find((c) => c.key === 'owner');
  const franchise = customers.find((c) => c.key === 'franchise');
  const saved: (typeof savedFilters.$inferInsert)[] = [];
  const recent: (typeof recentFilters.$inferInsert)[] = [];
  const configs: (typeof tableConfigs.$inferInsert)[] = [];
  const at = (days: number) => addDays(today, -days);
  if (owner) {
    const user_id = owner.user_id;
    saved.push(
      {
        user_id,
        type: 'leads',
        name: 'Calls only',
        filters: [{ name: 'lead_type', op: 'equals', value: 'Call' }],
        created_at: at(40),
      },
      {
        user_id,
        type: 'leads',
        name: 'Air duct forms',
        filters: [
          { name: 'service', op: 'equals', value: 'Air Duct Cleaning' },
          { name: 'lead_type', op: 'equals', value: 'Form' },
        ],
        created_at: at(25),
      },
      {
        user_id,
        type: 'campaigns',
        name: 'Active campaigns',
        filters: [{ name: 'status', op: 'equals', value: 'active' }],
        created_at: at(30),
      },
    );
    recent.push(
      {
        user_id,
        type: 'leads',
        kind: 'filter',
        filters: [{ name: 'lead_type', op: 'equals', value: 'Form' }],
        query: null,
        created_at: at(3),
      },
      { user_id, type: 'leads', kind: 'query', filters: null, query: 'smith', created_at: at(2) },
      { user_id, type: 'leads', kind: 'query', filters: null, query: 'round rock', created_at: at(1) },
    );
    configs.push({
      user_id,
      type: 'leads',
      columns: null,
      widths: { name: 220, email: 240 },
      updated_at: at(12),
    });
  }
  if (franchise) {
    const user_id = franchise.user_id;
    saved.push({
      user_id,
      type: 'leads',
      name: 'Roofing calls',
      filters: [
        { name: 'service', op: 'equals', value: 'Roofing' },
        { name: 'lead_type', op: 'equals', value: 'Call' },
      ],
      created_at: at(50),
    });
    recent.push({
      user_id,
      type: 'campaigns',
      kind: 'query',
      filters: null,
      query: 'dallas',
      created_at: at(4),
    });
  }
  await bulkInsert(db, savedFilters, saved);
  await bulkInsert(db, recentFilters, recent);
  await bulkInsert(db, tableConfigs, configs);
}
