import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { createRole } from '../roles/endpoints.js';
import { listSmsMessages, type SMS_STATUSES } from '../sms/endpoints.js';
import { defineEndpoint, type EndpointBody, type EndpointQuery } from './endpoint.js';

// The web derives its form values and list filters from the endpoints the way these tests do
// (roles/components/RoleFormModal.tsx, sms/pages/SmsOutboxPage.tsx); the `@ts-expect-error`
// lines are what the type check reports for such a type once its schema changes.

/** `createRole` with `remark` renamed to `note`. */
const roleWithNote = defineEndpoint({
  ...createRole,
  body: createRole.body!.omit({ remark: true }).extend({ note: z.string() }),
});

/** `listSmsMessages` with `status` renamed to `state`. */
const smsWithState = defineEndpoint({
  ...listSmsMessages,
  query: listSmsMessages.query!.omit({ status: true }).extend({ state: z.string().optional() }),
});

describe('types derived from an endpoint', () => {
  it('a form value type keeps the schema types and breaks when a field is renamed', () => {
    type RoleValues = Pick<EndpointBody<typeof createRole>, 'name' | 'remark' | 'permissions'>;
    expectTypeOf<RoleValues['permissions']>().toEqualTypeOf<
      EndpointBody<typeof createRole>['permissions']
    >();
    expect(roleWithNote.body?.keyof().options).toEqual(['name', 'permissions', 'note']);
    // @ts-expect-error `remark` is no longer a field of the body
    expectTypeOf<Pick<EndpointBody<typeof roleWithNote>, 'name' | 'remark'>>().not.toBeAny();
  });

  it('a list filter keeps the enum and breaks when a query key is renamed', () => {
    type SmsFilters = Partial<Pick<EndpointQuery<typeof listSmsMessages>, 'status'>>;
    expectTypeOf<SmsFilters['status']>().toEqualTypeOf<(typeof SMS_STATUSES)[number] | undefined>();
    expect(smsWithState.query?.keyof().options).toContain('state');
    // @ts-expect-error `status` is no longer a key of the query
    expectTypeOf<Partial<Pick<EndpointQuery<typeof smsWithState>, 'status'>>>().not.toBeAny();
  });
});
