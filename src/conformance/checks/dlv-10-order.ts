import type { Check } from '../run/check.js';

/**
 * DLV-10: events may arrive out of order. A permission, not a duty: no order an implementation
 * sends in breaks it.
 */
export const dlv10Order: Check = {
  requirements: ['DLV-10'],
  basis: 'stated',
  title: 'Events may arrive out of order',
  async run() {
    return {
      skip: 'not_applicable',
      reason:
        'DLV-10 allows any order of deliveries; it binds receivers, and nothing an implementation sends can break it',
    };
  },
};
