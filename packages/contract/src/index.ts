export * from './common.ts';
export * from './money.ts';
export * from './user.ts';
export * from './plan.ts';
export * from './account.ts';
export * from './referral.ts';
export * from './market.ts';
export * from './money-flows.ts';
