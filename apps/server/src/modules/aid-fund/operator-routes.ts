import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aidGrantRequestSchema,
  aidPartnerRequestSchema,
  aidPartnerUpdateSchema,
  envelope,
  idParamSchema,
  operatorAidDonationSchema,
  operatorAidGrantSchema,
  operatorAidPartnerSchema,
  page,
  pageQuery,
  proposalSchema,
} from '@wallx/shared';
import type { Propose } from '../../kernel/money-decisions/decision-handler.js';
import { ok } from '../../platform/http/envelope.js';
import { operatorOf, type OperatorGuard } from '../../platform/http/operator.js';
import type { AidFundConsole } from './operator.js';

type Deps = { console: AidFundConsole; propose: Propose; requireOperator: OperatorGuard };

/** The console's aid fund (decision 147): every role reads; finance keeps partners and proposes grants. */
export async function aidFundOperatorRoutes(app: FastifyInstance, { console, propose, requireOperator }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = { tags: ['admin'] };
  const read = { onRequest: requireOperator('read') };
  const money = { onRequest: requireOperator('money') };

  r.get(
    '/api/admin/aid-fund/partners',
    {
      ...read,
      schema: {
        ...tags,
        summary: "The aid fund's partner organisations, active or not",
        response: { 200: envelope(z.object({ items: z.array(operatorAidPartnerSchema) })) },
      },
    },
    async () => ok(await console.partners()),
  );
  r.post(
    '/api/admin/aid-fund/partners',
    {
      ...money,
      schema: {
        ...tags,
        summary: 'Add a partner organisation grants may be paid to (its BSC address)',
        body: aidPartnerRequestSchema,
        response: { 200: envelope(operatorAidPartnerSchema) },
      },
    },
    async (request) => ok(await console.addPartner(operatorOf(request), request.body)),
  );
  r.patch(
    '/api/admin/aid-fund/partners/:id',
    {
      config: { errors: ['aid_partner_not_found'] },
      ...money,
      schema: {
        ...tags,
        summary: 'Edit or deactivate a partner organisation (a grant proposed to its old address is refused)',
        params: idParamSchema,
        body: aidPartnerUpdateSchema,
        response: { 200: envelope(operatorAidPartnerSchema) },
      },
    },
    async (request) => ok(await console.updatePartner(operatorOf(request), request.params.id, request.body)),
  );
  r.post(
    '/api/admin/aid-fund/grants',
    {
      config: { errors: ['aid_partner_not_found', 'aid_partner_inactive', 'aid_fund_insufficient'] },
      ...money,
      schema: {
        ...tags,
        summary:
          'Propose a grant from the aid fund to a partner; it is paid on chain once another finance operator or an admin approves',
        body: aidGrantRequestSchema,
        response: { 200: envelope(proposalSchema) },
      },
    },
    async (request) => ok(await console.proposeGrant(propose, operatorOf(request), request.body)),
  );
  r.get(
    '/api/admin/aid-fund/grants',
    {
      ...read,
      schema: {
        ...tags,
        summary: "The aid fund's grants, newest first, with their payout's state",
        querystring: pageQuery,
        response: { 200: envelope(page(operatorAidGrantSchema)) },
      },
    },
    async (request) => ok(await console.grants(request.query)),
  );
  r.get(
    '/api/admin/aid-fund/donations',
    {
      ...read,
      schema: {
        ...tags,
        summary: 'Donations to the aid fund, newest first, with their donors',
        querystring: pageQuery,
        response: { 200: envelope(page(operatorAidDonationSchema)) },
      },
    },
    async (request) => ok(await console.donations(request.query)),
  );
}
