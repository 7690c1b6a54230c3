import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import { ApiError, errorMessage } from "../../../api/client";
import { useConfig } from "../../../lib/config";
import { useAttemptKey } from "../../../lib/idempotency-key";
import { i18n } from "../../../lib/i18n";
import { rupees } from "../../../lib/money";
import { showToast } from "../../../lib/toast";
import { useAskReturn, type ReturnRequestBody } from "../api/ask-return";
import type { PlacedOrder } from "../api/get-order";
import { dayOf } from "../../../lib/dates";
import { EMPTY_PAYEE, PayeeFields, refundAccountOf } from "./PayeeFields";
import { PHOTO_REASONS, RETURN_REASONS, pickupWords, type ReturnReason } from "./returnWords";
import styles from "./ReturnForm.module.css";

type Photo = NonNullable<ReturnRequestBody["photos"]>[number];
// eslint-disable-next-line lingui/no-unlocalized-strings -- a media type, not words
const JPEG = "image/jpeg";
const PHOTO_NAME = "photo.jpg";
const MAX_PHOTOS = 4;
const LONGEST_SIDE = 1600; // px: a phone's photo shrunk to this is still clear, and well under 1.5 MB

/** A photo as the gateway takes it: a JPEG no larger than LONGEST_SIDE, in base64. */
async function shrunk(file: File): Promise<Photo> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a canvas context's name
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const url = canvas.toDataURL(JPEG, 0.82);
  return { name: file.name.slice(0, 120) || PHOTO_NAME, contentType: JPEG, data: url.slice(url.indexOf(",") + 1) };
}

function fieldOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.response?.data as { error?: { field?: string | null } } | undefined;
  return body?.error?.field ?? null;
}

/**
 * Asking for a return of a delivered order: which lines and how many (each within its product's
 * window), why, photos, a pickup slot and, for cash on delivery, where the money goes.
 */
export function ReturnForm({ order, onDone }: { order: PlacedOrder; onDone: () => void }) {
  const config = useConfig();
  const { t: translate } = useLingui();
  const id = useId();
  const options = order.returnOptions;
  const ask = useAskReturn();
  const key = useAttemptKey();
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const [reason, setReason] = useState<ReturnReason | null>(null);
  const [note, setNote] = useState("");
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [slot, setSlot] = useState(0);
  const [payee, setPayee] = useState(EMPTY_PAYEE);
  const [problem, setProblem] = useState<string | null>(null);
  if (!options) return null;
  const windows = new Map(options.lines.map((w) => [w.productId, w]));
  const slots = options.pickupSlots;
  // In paise, so the sum is exact (the unit prices are exact 2-decimal strings).
  const paise = order.lines.reduce(
    (sum, line) => sum + (chosen[line.productId] ?? 0) * Math.round(Number(line.unitPrice) * 100),
    0,
  );
  const field = fieldOf(ask.error);
  const error = ask.isError ? errorMessage(ask.error, translate`The return could not be asked for. Please try again.`) : null;

  const addPhotos = async (files: FileList | null) => {
    if (!files) return;
    const room = MAX_PHOTOS - photos.length;
    setProblem(null);
    try {
      const added = await Promise.all(Array.from(files).slice(0, room).map(shrunk));
      setPhotos((kept) => [...kept, ...added]);
    } catch {
      // Not a picture the browser can open (a HEIC on an old browser, a broken file).
      setProblem(t`A photo could not be read. Please add it again.`);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const lines = Object.entries(chosen)
      .filter(([, quantity]) => quantity > 0)
      .map(([productId, quantity]) => ({ productId: Number(productId), quantity }));
    if (lines.length === 0) return setProblem(t`Please choose what to return.`);
    if (!reason) return setProblem(t`Please tell us why you are returning it.`);
    if (PHOTO_REASONS.has(reason) && photos.length === 0) {
      return setProblem(t`Please add a photo that shows the damage, the fault or the wrong item.`);
    }
    const body: ReturnRequestBody = { lines, reason, note, photos, pickup: slots[slot] };
    if (options.refundRoute === "account") {
      body.refundTo = refundAccountOf(payee);
    }
    try {
      await ask.mutateAsync({ orderNumber: order.orderNumber, body, key: key.current() });
      key.settle();
      showToast("success", t`Your return is requested. We will collect it on ${pickupWords(slots[slot])}.`, { autoClose: 5000 });
      onDone();
    } catch (failure) {
      key.settle(failure);
    }
  };

  const invalid = (name: string): true | undefined => (field !== null && field.startsWith(name) ? true : undefined);

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-heading`} data-testid="return-form">
      <h3 id={`${id}-heading`}>
        <Trans>What would you like to return?</Trans>
      </h3>
      <ul className={styles.lines}>
        {order.lines.map((line) => {
          const window = windows.get(line.productId);
          const left = window?.returnable ?? 0;
          const name = line.productName;
          const by = window?.returnBy ? dayOf(window.returnBy) : "";
          return (
            <li key={line.productId} className={styles.line} data-testid="return-line">
              <span className={styles.name}>{name}</span>
              {left > 0 ? (
                <label className={styles.quantity}>
                  <Trans>Quantity to return</Trans>
                  <select
                    value={chosen[line.productId] ?? 0}
                    onChange={(event) => setChosen({ ...chosen, [line.productId]: Number(event.target.value) })}
                    aria-label={translate`Quantity of ${name} to return`}
                  >
                    {Array.from({ length: left + 1 }, (_, n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                  <span className={styles.hint}>
                    <Trans>Returnable until {by}</Trans>
                  </span>
                </label>
              ) : (
                <span className={styles.hint} data-testid="not-returnable">
                  {window?.returnDays === 0 ? (
                    <Trans>Cut to length: this item cannot be returned.</Trans>
                  ) : window?.returnBy && left === 0 && line.quantity > 0 ? (
                    <Trans>Nothing left to return, or its return window closed on {by}.</Trans>
                  ) : (
                    <Trans>This item cannot be returned.</Trans>
                  )}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <fieldset className={styles.group} aria-invalid={invalid("reason")}>
        <legend>
          <Trans>Why are you returning it?</Trans>
        </legend>
        {RETURN_REASONS.map(([code, words]) => (
          <label key={code} className={styles.choice}>
            <input type="radio" name={`${id}-reason`} value={code} checked={reason === code} onChange={() => setReason(code)} />
            {i18n._(words)}
          </label>
        ))}
      </fieldset>
      <label className={styles.field}>
        <Trans>Anything we should know? (optional)</Trans>
        <textarea value={note} maxLength={500} rows={2} onChange={(event) => setNote(event.target.value)} />
      </label>
      <div className={styles.field}>
        <label htmlFor={`${id}-photos`}>
          {reason && PHOTO_REASONS.has(reason) ? (
            <Trans>Photos of the item (at least one, up to 4)</Trans>
          ) : (
            <Trans>Photos of the item (optional, up to 4)</Trans>
          )}
        </label>
        {/* The browser's own file button speaks the browser's language, not the page's: it is
            hidden and this button (a second label of the same input) speaks the page's. */}
        <input
          id={`${id}-photos`}
          className={`visually-hidden ${styles.photoInput}`}
          type="file"
          accept="image/*"
          multiple
          disabled={photos.length >= MAX_PHOTOS}
          aria-invalid={invalid("photos")}
          onChange={(event) => void addPhotos(event.target.files)}
          data-testid="return-photos"
        />
        <label htmlFor={`${id}-photos`} className={`btn btn-outline ${styles.photoButton}`} aria-hidden="true">
          <Trans>Choose photos</Trans>
        </label>
        {photos.length > 0 && (
          <p className={styles.hint} data-testid="photo-count">
            <Trans>{photos.length} of 4 photos added.</Trans>{" "}
            <button type="button" className={styles.linkButton} onClick={() => setPhotos([])}>
              <Trans>Remove photos</Trans>
            </button>
          </p>
        )}
      </div>
      <fieldset className={styles.group} aria-invalid={invalid("pickup")}>
        <legend>
          <Trans>When should we pick it up?</Trans>
        </legend>
        {slots.map((choice, index) => (
          <label key={`${choice.date}-${choice.window}`} className={styles.choice}>
            <input type="radio" name={`${id}-slot`} checked={slot === index} onChange={() => setSlot(index)} />
            {pickupWords(choice)}
          </label>
        ))}
      </fieldset>
      {options.refundRoute === "account" && (
        <fieldset className={styles.group}>
          <legend>
            <Trans>Where should we send the refund?</Trans>
          </legend>
          <p className={styles.hint}>
            <Trans>You paid in cash, so we send the money to your UPI ID or bank account.</Trans>
          </p>
          <PayeeFields name={`${id}-payto`} value={payee} onChange={setPayee} invalid={invalid} />
        </fieldset>
      )}
      {options.refundRoute === "source" && (
        <p className={styles.hint}>
          <Trans>The refund goes back to the card or UPI you paid with, once the items reach us.</Trans>
        </p>
      )}
      {options.refundRoute === "credit" && (
        <p className={styles.hint}>
          <Trans>The amount is taken off what you owe on your {config.productName} Credit once the items reach us.</Trans>
        </p>
      )}
      {paise > 0 && (
        <p className={styles.total} data-testid="return-total">
          <Trans>Refund for these items: {rupees((paise / 100).toFixed(2))}</Trans>
        </p>
      )}
      {(problem || error) && (
        <p className="form-error" role="alert" data-testid="return-problem">
          {problem ?? error}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit" className="btn btn-primary" disabled={ask.isPending}>
          <Trans>Request return</Trans>
        </button>
        <button type="button" className="btn btn-outline" onClick={onDone}>
          <Trans>Not now</Trans>
        </button>
      </div>
    </form>
  );
}
