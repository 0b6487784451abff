import { useEffect, useRef } from "preact/hooks";
import { useI18n } from "../i18n/i18n";
import { useStore } from "../state/store";
import type { Session } from "./session";

/**
 * The session reminder (docs/service.md, "Player protection") as a modal dialog the player
 * must acknowledge: how long they have played, the rounds settled since they signed in and
 * their net over them — the server's figures, the page adds up nothing — and a link to their
 * limits. Escape does not close it: only the player's answer does.
 */
export function ReminderDialog({ session }: { readonly session: Session }) {
  const i = useI18n();
  const reminder = useStore(session.store, (s) => s.reminder);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (reminder && !d.open) {
      if (typeof d.showModal === "function") d.showModal();
      else d.setAttribute("open", "");
    } else if (!reminder && d.open) {
      if (typeof d.close === "function") d.close();
      else d.removeAttribute("open");
    }
  }, [reminder]);
  const acknowledge = () => {
    session.store.dispatch({ type: "acknowledge_reminder" });
  };
  const net = reminder?.net ?? 0;
  return (
    <dialog
      ref={dialog}
      class="pg-dialog pg-reminder"
      aria-labelledby="reminder-title"
      aria-describedby="reminder-text"
      data-testid="reminder"
      data-minutes={reminder?.minutes}
      data-rounds={reminder?.rounds}
      data-net={reminder?.net}
      onCancel={(e) => {
        e.preventDefault(); // acknowledged by the player's answer, not by Escape
      }}
    >
      {reminder ? (
        <>
          <h2 id="reminder-title" class="pg-dialog__title">
            {i.t("reminder.title")}
          </h2>
          <p id="reminder-text" class="pg-reminder__time">
            {i.t("reminder.played", { hours: Math.floor(reminder.minutes / 60), minutes: reminder.minutes % 60 })}
          </p>
          <dl class="pg-reminder__facts">
            <div>
              <dt>{i.t("reminder.rounds")}</dt>
              <dd data-testid="reminder-rounds">{i.number(reminder.rounds)}</dd>
            </div>
            <div>
              <dt>{i.t("reminder.net")}</dt>
              <dd data-testid="reminder-net" class={net > 0 ? "pg-up" : net < 0 ? "pg-down" : ""}>
                {i.signed(net)}
              </dd>
            </div>
          </dl>
          <p class="pg-note">{i.t("reminder.every", { every: reminder.every })}</p>
          <div class="pg-dialog__actions">
            <a class="pg-button pg-button--secondary" href="#/cashier" onClick={acknowledge}>
              {i.t("reminder.limits")}
            </a>
            <button type="button" class="pg-button pg-button--primary" onClick={acknowledge}>
              {i.t("reminder.ok")}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
