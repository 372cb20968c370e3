import { describe, expect, it } from 'vitest';
import { API_ROUTES, type ApiRoute } from '@shared/api-routes';
import { API_DOMAIN_STACKS, domainOf } from '../../infra/cdk/api-domains';
import { builtApp } from './built-app';
import { CLOUDFORMATION_LIMITS, STACK_LIMITS, stackLimitProblems, stackSizeOf } from '../../infra/cdk/stack-limits';

/**
 * CloudFormation refuses a stack over 500 resources or a 1 MB template, and nothing but a real deploy would notice.
 * Every stack must stay under 60% of both (300 resources, 600,000 bytes as CDK writes the template), so the next
 * route or task that would cross the line fails here and in every `cdk synth` (infra/cdk/app.ts), not at deploy.
 * Bundling is skipped, as in the other infra tests; a bundled synth's templates carry asset metadata too (about 5%
 * more bytes), which `cdk synth` itself checks.
 */
const { app, stacks } = builtApp();
const assembly = app.synth();
const sizes = assembly.stacks.map((s) => stackSizeOf(s.stackName, s.template));

describe('stack sizes', () => {
  it('every stack stays under 60% of CloudFormation’s resource and template-size limits', () => {
    expect(STACK_LIMITS.resources).toBe(CLOUDFORMATION_LIMITS.resources * 0.6);
    expect(STACK_LIMITS.templateBytes).toBe(CLOUDFORMATION_LIMITS.templateBytes * 0.6);
    expect(sizes.length).toBeGreaterThanOrEqual(9);
    expect(stackLimitProblems(sizes)).toEqual([]);
  });

  it('the check names a stack that passes either limit', () => {
    const over = [
      { stackName: 'Big', resources: 301, templateBytes: 1_000 },
      { stackName: 'Heavy', resources: 10, templateBytes: 600_001 },
      { stackName: 'Fine', resources: 300, templateBytes: 600_000 },
    ];
    expect(stackLimitProblems(over)).toEqual(['Big: 301 resources, over the limit of 300', 'Heavy: template of 600001 bytes, over the limit of 600000']);
  });

  it('measures a template as CDK writes it (one-space indentation), in bytes', () => {
    const template = { Resources: { A: { Type: 'AWS::SNS::Topic', Properties: { DisplayName: 'é' } } } };
    expect(stackSizeOf('S', template)).toEqual({ stackName: 'S', resources: 1, templateBytes: Buffer.byteLength(JSON.stringify(template, undefined, 1)) });
  });

  it('the routes are split along their domains: every route is in its domain’s stack, none in the API shell', () => {
    const routeKeysOf = (template: { Resources?: Record<string, { Type: string; Properties?: { RouteKey?: string } }> }) =>
      Object.values(template.Resources ?? {})
        .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route' && !String(r.Properties?.RouteKey).startsWith('$'))
        .map((r) => r.Properties!.RouteKey!)
        .sort();
    const templateOf = (stackName: string) => assembly.getStackByName(stackName).template;
    expect(routeKeysOf(templateOf(stacks.api.stackName))).toEqual([]);
    for (const [domain, { id }] of Object.entries(API_DOMAIN_STACKS)) {
      const expected = (API_ROUTES as readonly ApiRoute[]).filter((r) => domainOf(r) === domain).map((r) => `${r.method} ${r.path}`).sort();
      expect(expected.length, domain).toBeGreaterThan(10);
      expect(routeKeysOf(templateOf(`StudioLot-dev-${id}`)), domain).toEqual(expected);
    }
    expect(domainOf({ path: '/api/admin/anything' })).toBe('admin');
    expect(domainOf({ path: '/api/stripe/webhook' })).toBe('admin');
    expect(domainOf({ path: '/api/car-packages/{id}' })).toBe('studio');
    expect(domainOf({ path: '/api/me' })).toBe('dealer');
  });

  it('cross-stack references stay few: each stack imports at most 20 values, from the stacks before it', () => {
    const order = assembly.stacks.map((s) => s.stackName);
    for (const s of assembly.stacks) {
      const imported = new Set<string>();
      (function walk(o: unknown) {
        if (o && typeof o === 'object') {
          const v = (o as Record<string, unknown>)['Fn::ImportValue'];
          if (typeof v === 'string') imported.add(v);
          for (const x of Object.values(o)) walk(x);
        }
      })(s.template.Resources);
      expect(imported.size, s.stackName).toBeLessThanOrEqual(20);
      for (const name of imported) {
        const from = name.split(':')[0]!;
        expect(order.indexOf(from), `${s.stackName} imports ${name}`).toBeGreaterThanOrEqual(0);
      }
    }
  });
});
