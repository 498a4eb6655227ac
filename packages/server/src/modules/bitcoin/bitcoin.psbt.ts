// Payout PSBTs (#32), the one adapter for BIP174: the unsigned PSBT a payout batch hands the operator (witnessUtxo
// and bip32Derivation on every input, so Sparrow, Electrum or a hardware wallet holding the seed of BTC_XPUB can
// sign it), and the check of the signed one that comes back: exactly the coins and the payments built, every input
// signed with SIGHASH_ALL by the key of its address, before it is finalised and extracted for broadcast.
import * as btc from '@scure/btc-signer';
import { base64, hex } from '@scure/base';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { type Msg, tr } from '@vestora/contract';
import type { PayoutBatchInput, PayoutBatchOutput } from '../../db/schema.ts';
import type { AccountKey, BitcoinNetwork, ScriptKind } from './bitcoin.derive.ts';

const NETWORKS: Record<BitcoinNetwork, typeof btc.NETWORK> = {
  mainnet: btc.NETWORK,
  testnet: btc.TEST_NETWORK,
  regtest: { ...btc.TEST_NETWORK, bech32: 'bcrt' },
};

/** Where the account key sits under the signing wallet's master key: its fingerprint and the path to it. */
export interface KeyOrigin {
  fingerprint: number;
  path: number[];
}

/**
 * BTC_KEY_ORIGIN (`73c5da0a/84'/0'/0'`, brackets allowed) as a key origin; unset, the account key's own fingerprint
 * and an empty path (the derivation then starts at the account key, as a descriptor of unknown origin does).
 */
export function keyOriginOf(text: string | undefined, key: AccountKey): KeyOrigin {
  if (!text) return { fingerprint: key.accountFingerprint, path: [] };
  const [fp, ...steps] = text.replace(/^\[|\]$/g, '').split('/');
  return { fingerprint: Number.parseInt(fp!, 16), path: btc.bip32Path(`m/${steps.join('/')}`.replace(/h/gi, "'")) };
}

/** The scriptPubKey (hex) paying `address` on `network` (the address was checked when the withdrawal was asked). */
export function scriptHexOf(address: string, network: BitcoinNetwork): string {
  const net = NETWORKS[network];
  return hex.encode(btc.OutScript.encode(btc.Address(net).decode(address)));
}

// Virtual sizes (vbytes) of a signed input by the wallet's script, and of an output by its script's length.
const INPUT_VBYTES: Record<ScriptKind, number> = { p2wpkh: 68, 'p2sh-p2wpkh': 91, p2pkh: 148 };
const outputVbytes = (scriptHex: string) => 9 + scriptHex.length / 2;
/** Version, locktime, counts, and the segwit marker and flag. */
const OVERHEAD_VBYTES = 11;

/** The virtual size of a signed transaction spending `inputs` coins of `kind` to outputs with these scripts. */
export function estimateVsize(kind: ScriptKind, inputs: number, outputScripts: string[]): number {
  return OVERHEAD_VBYTES + inputs * INPUT_VBYTES[kind] + outputScripts.reduce((s, o) => s + outputVbytes(o), 0);
}

/** The fee of `vsize` vbytes at `rateSatKvb` sat per 1,000 vbytes, rounded up. */
export function feeFor(vsize: number, rateSatKvb: number): number {
  return Math.ceil((vsize * rateSatKvb) / 1000);
}

/** A coin that may be spent: a confirmed output of ours. */
export type Coin = PayoutBatchInput;

export interface CoinSelection {
  inputs: Coin[];
  fee: number;
  /** What comes back to our change address (0: none; the rest under the dust limit went to the fee). */
  change: number;
}

/**
 * Largest coins first until they pay the outputs and the fee at `rateSatKvb`, with a change output when what is left
 * is above `dust` (otherwise it goes to the fee). Null when all the coins do not suffice.
 */
export function selectCoins(
  coins: readonly Coin[],
  payouts: readonly { scriptHex: string; sats: number }[],
  opts: { kind: ScriptKind; rateSatKvb: number; changeScriptHex: string; dust: number },
): CoinSelection | null {
  const total = payouts.reduce((s, p) => s + p.sats, 0);
  const scripts = payouts.map((p) => p.scriptHex);
  const sorted = [...coins].sort((a, b) => b.sats - a.sats || (a.txid < b.txid ? -1 : 1) || a.vout - b.vout);
  let sum = 0;
  for (let n = 1; n <= sorted.length; n++) {
    sum += sorted[n - 1]!.sats;
    const withChange = feeFor(estimateVsize(opts.kind, n, [...scripts, opts.changeScriptHex]), opts.rateSatKvb);
    const change = sum - total - withChange;
    if (change > opts.dust) return { inputs: sorted.slice(0, n), fee: withChange, change };
    const without = feeFor(estimateVsize(opts.kind, n, scripts), opts.rateSatKvb);
    if (sum - total >= without) return { inputs: sorted.slice(0, n), fee: sum - total, change: 0 };
  }
  return null;
}

/** What a payout transaction is made of: its coins, its payments (in order) and our change. */
export interface PayoutPlan {
  inputs: PayoutBatchInput[];
  outputs: Pick<PayoutBatchOutput, 'scriptHex' | 'sats'>[];
  change: { scriptHex: string; index: number; sats: number } | null;
}

const derivation = (key: AccountKey, origin: KeyOrigin, chain: 0 | 1, index: number) => {
  const pub = (chain === 1 ? key.change : key.external).deriveChild(index).publicKey!;
  return [pub, { fingerprint: origin.fingerprint, path: [...origin.path, chain, index] }] as [
    Uint8Array,
    { fingerprint: number; path: number[] },
  ];
};

/** Sequence of every input: final for locktime, but replaceable (BIP125), so a stuck payout can be bumped. */
const RBF_SEQUENCE = 0xfffffffd;

/** The unsigned PSBT (base64, BIP174 version 0) of `plan`. */
export function buildPsbt(plan: PayoutPlan, key: AccountKey, origin: KeyOrigin): string {
  const tx = new btc.Transaction({ version: 2, lockTime: 0 });
  for (const i of plan.inputs) {
    const [pub, der] = derivation(key, origin, i.chain, i.index);
    tx.addInput({
      txid: hex.decode(i.txid),
      index: i.vout,
      sequence: RBF_SEQUENCE,
      witnessUtxo: { script: hex.decode(i.scriptHex), amount: BigInt(i.sats) },
      ...(key.kind === 'p2sh-p2wpkh' ? { redeemScript: btc.p2wpkh(pub).script } : {}),
      bip32Derivation: [[pub, der]],
    });
  }
  for (const o of plan.outputs) tx.addOutput({ script: hex.decode(o.scriptHex), amount: BigInt(o.sats) });
  if (plan.change) {
    tx.addOutput({
      script: hex.decode(plan.change.scriptHex),
      amount: BigInt(plan.change.sats),
      // Our own key, so the signing wallet shows the output as its change.
      bip32Derivation: [derivation(key, origin, 1, plan.change.index)],
    });
  }
  return base64.encode(tx.toPSBT(0));
}

/** A signed PSBT that passed every check: the raw transaction to broadcast and its txid. */
export interface CheckedPayout {
  txid: string;
  rawHex: string;
}

export type PayoutCheck = { ok: true; tx: CheckedPayout } | { ok: false; reason: Msg };

const refuse = (reason: Msg): PayoutCheck => ({ ok: false, reason });

/**
 * Checks the signed PSBT `psbtBase64` against `plan` (what the batch was built as): the same coins (each with the
 * amount and script we know), exactly the payments and our change (a satoshi or an address off, an extra or a missing
 * output: refused, saying which), locktime 0; then that every input is signed, with SIGHASH_ALL, by the key of
 * its own address; then finalises it. Answers the raw transaction or the reason it is refused.
 */
export function checkSignedPsbt(psbtBase64: string, plan: PayoutPlan, key: AccountKey): PayoutCheck {
  let tx: btc.Transaction;
  try {
    tx = btc.Transaction.fromPSBT(base64.decode(psbtBase64.replace(/\s+/g, '')));
  } catch (err) {
    return refuse(
      tr('payoutBatch.notPsbt', 'This is not a PSBT we can read: {error}', {
        error: err instanceof Error ? err.message.slice(0, 200) : String(err),
      }),
    );
  }
  if (tx.lockTime !== 0)
    return refuse(tr('payoutBatch.lockTime', 'The transaction has a lock time; the batch has none.'));

  // Inputs: exactly the reserved coins, each once, with the amount and script we recorded.
  const coins = new Map(plan.inputs.map((i) => [`${i.txid}:${i.vout}`, i]));
  const seen = new Set<string>();
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i);
    const outpoint = `${hex.encode(input.txid!)}:${input.index}`;
    const coin = coins.get(outpoint);
    if (!coin || seen.has(outpoint))
      return refuse(
        tr('payoutBatch.foreignInput', 'Input {n} spends {outpoint}, which is not a coin this batch set aside.', {
          n: i,
          outpoint,
        }),
      );
    seen.add(outpoint);
    const utxo = input.witnessUtxo;
    if (!utxo || utxo.amount !== BigInt(coin.sats) || hex.encode(utxo.script) !== coin.scriptHex)
      return refuse(
        tr('payoutBatch.inputChanged', 'Input {n} ({outpoint}) does not carry the amount and script of our coin.', {
          n: i,
          outpoint,
        }),
      );
  }
  if (seen.size !== coins.size)
    return refuse(
      tr('payoutBatch.missingInput', 'The transaction spends {got} of the {want} coins this batch set aside.', {
        got: seen.size,
        want: coins.size,
      }),
    );

  // Outputs: each payment and our change, exactly once, whatever the order.
  const expected = [...plan.outputs, ...(plan.change ? [plan.change] : [])].map((o) => ({ ...o, used: false }));
  if (tx.outputsLength !== expected.length)
    return refuse(
      tr('payoutBatch.outputCount', 'The transaction has {got} outputs; the batch pays {want}.', {
        got: tx.outputsLength,
        want: expected.length,
      }),
    );
  for (let i = 0; i < tx.outputsLength; i++) {
    const out = tx.getOutput(i);
    const script = hex.encode(out.script!);
    const amount = out.amount!;
    const match = expected.find((e) => !e.used && e.scriptHex === script && BigInt(e.sats) === amount);
    if (match) {
      match.used = true;
      continue;
    }
    const sameScript = expected.find((e) => !e.used && e.scriptHex === script);
    if (sameScript)
      return refuse(
        tr('payoutBatch.outputAmount', 'Output {n} pays {got} sats where the batch pays {want} sats.', {
          n: i,
          got: amount.toString(),
          want: sameScript.sats,
        }),
      );
    return refuse(
      tr('payoutBatch.outputForeign', 'Output {n} pays a script the batch does not pay ({script}).', {
        n: i,
        script: script.slice(0, 70),
      }),
    );
  }

  // Signatures: every input, by its own key, over this transaction with SIGHASH_ALL (nothing else may change it).
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i);
    const coin = coins.get(`${hex.encode(input.txid!)}:${input.index}`)!;
    if (!input.finalScriptWitness) {
      try {
        tx.finalizeIdx(i);
      } catch {
        return refuse(
          tr('payoutBatch.notSigned', 'The PSBT is not fully signed: input {n} has no signature. Sign every input.', {
            n: i,
          }),
        );
      }
    }
    const witness = tx.getInput(i).finalScriptWitness ?? [];
    if (!signatureOk(tx, i, witness, coin, key))
      return refuse(
        tr('payoutBatch.badSignature', 'Input {n} is not signed by the key of its address with SIGHASH_ALL.', {
          n: i,
        }),
      );
  }
  const raw = tx.extract();
  return { ok: true, tx: { txid: tx.id, rawHex: hex.encode(raw) } };
}

/** Whether `witness` is [signature, public key] of coin's own key, over input `i` with SIGHASH_ALL. */
function signatureOk(
  tx: btc.Transaction,
  i: number,
  witness: Uint8Array[],
  coin: PayoutBatchInput,
  key: AccountKey,
): boolean {
  if (key.kind === 'p2pkh' || witness.length !== 2) return false;
  const [sig, pub] = witness as [Uint8Array, Uint8Array];
  const own = (coin.chain === 1 ? key.change : key.external).deriveChild(coin.index).publicKey!;
  if (hex.encode(pub) !== hex.encode(own) || sig.length < 9) return false;
  if (sig[sig.length - 1] !== btc.SigHash.ALL) return false;
  try {
    const digest = tx.preimageWitnessV0(i, btc.p2pkh(pub).script, btc.SigHash.ALL, BigInt(coin.sats));
    return secp256k1.verify(sig.slice(0, -1), digest, pub, { prehash: false, format: 'der', lowS: false });
  } catch {
    return false;
  }
}
