import { describe, expect, it } from 'vitest';
import {
  bankColumns,
  bankPayeeText,
  findBic,
  findIban,
  isValidAbaRouting,
  isValidBic,
  isValidIban,
  ZBankPayee,
} from './bank-account.ts';

describe('bank accounts for payouts (#34)', () => {
  it('checks an IBAN by its mod-97 check digits', () => {
    for (const iban of [
      'DE89 3704 0044 0532 0130 00',
      'GB33BUKB20201555555555',
      'pt50000201231234567890154',
      'FR14 2004 1010 0505 0001 3M02 606',
    ])
      expect(isValidIban(iban), iban).toBe(true);
    // One digit changed, two swapped, a wrong country check, too short, not an IBAN.
    for (const iban of [
      'DE89 3704 0044 0532 0130 01',
      'DE89 3704 0044 0532 0131 00',
      'DE98370400440532013000',
      'DE89 3704',
      '4000123456',
    ])
      expect(isValidIban(iban), iban).toBe(false);
  });

  it('checks a BIC’s shape and an ABA routing number’s 3-7-1 checksum', () => {
    expect(['COBADEFFXXX', 'cobadeff', 'DEUTDEFF500'].every(isValidBic)).toBe(true);
    expect(['COBADEF', 'COBA12FF', 'COBADEFFXX', 'COBADEFFXXXX'].some(isValidBic)).toBe(false);
    expect(['011000015', '021000021', '111000025'].every(isValidAbaRouting)).toBe(true);
    expect(['011000016', '02100002', '0110000150', 'ABCDEFGHI'].some(isValidAbaRouting)).toBe(false);
  });

  it('finds an IBAN and its BIC in legacy free text', () => {
    expect(findIban('IBAN: DE89 3704 0044 0532 0130 00, Commerzbank')).toBe('DE89370400440532013000');
    expect(findIban('my account GB33BUKB20201555555555 thanks')).toBe('GB33BUKB20201555555555');
    expect(findIban('DE89 3704 0044 0532 0130 01')).toBeNull();
    expect(findIban('4000 1234 56')).toBeNull();
    expect(findBic('IBAN DE89370400440532013000 BIC: COBADEFFXXX')).toBe('COBADEFFXXX');
    expect(findBic('swift code deutdeff')).toBe('DEUTDEFF');
    expect(findBic('COBADEFFXXX')).toBeNull();
    expect(bankColumns(undefined, 'IBAN DE89 3704 0044 0532 0130 00 / BIC COBADEFFXXX')).toEqual({
      bankIban: 'DE89370400440532013000',
      bankBic: 'COBADEFFXXX',
      bankRoutingNumber: null,
      bankAccountNumber: null,
    });
  });

  it('parses an account into its compact form and writes its details', () => {
    const euro = ZBankPayee.parse({ kind: 'iban', iban: ' de89-3704 0044 0532 0130 00 ', bic: 'cobadeffxxx' });
    expect(euro).toEqual({ kind: 'iban', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
    expect(bankPayeeText(euro)).toBe('IBAN DE89 3704 0044 0532 0130 00 / BIC COBADEFFXXX');
    expect(ZBankPayee.parse({ kind: 'iban', iban: 'GB33BUKB20201555555555', bic: '' })).toEqual({
      kind: 'iban',
      iban: 'GB33BUKB20201555555555',
      bic: null,
    });
    const us = ZBankPayee.parse({ kind: 'us', routingNumber: '011 000 015', accountNumber: '1234 5678' });
    expect(bankPayeeText(us)).toBe('ABA 011000015 / ACCT 12345678');
    const bad = ZBankPayee.safeParse({ kind: 'us', routingNumber: '011000016', accountNumber: '1' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.'))).toEqual([
      'routingNumber',
      'accountNumber',
    ]);
  });
});
