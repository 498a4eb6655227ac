import { describe, expect, it } from 'vitest';
import { actionWords, fieldWords } from './audit-words';

describe('the audit log in words', () => {
  it('names actions in words, never as raw codes', () => {
    expect(actionWords('plan.create')).toBe('Plan created');
    expect(actionWords('deposit.confirm')).toBe('Deposit confirmed');
    expect(actionWords('withdrawal.approve')).toBe('Withdrawal approved as paid');
    expect(actionWords('withdrawal.reject')).toBe('Withdrawal rejected');
    expect(actionWords('account.update')).toBe('Deposit account record changed');
    expect(actionWords('user.update')).toBe('User edited');
    expect(actionWords('approval.propose')).toBe('Proposed (waits for a second administrator)');
    expect(actionWords('approval.approve')).toBe('Proposal approved');
    expect(actionWords('auth.sign_in_failed')).toBe('Sign-in failed');
    expect(actionWords('something.new_thing')).toBe('Something new thing');
    for (const code of ['plan.update', 'plan.delete', 'investment.mature', 'session.revoke', 'mail.open']) {
      expect(actionWords(code)).not.toMatch(/[._]/);
    }
  });

  it('names snapshot fields in words', () => {
    expect(fieldWords('accountType')).toBe('Role');
    expect(fieldWords('bankName')).toBe('Bank name');
    expect(fieldWords('investmentPlanName')).toBe('Plan name');
    expect(fieldWords('first_name')).toBe('First name');
  });
});
