import { useState } from "preact/hooks";
import { BrandMark } from "../components/BrandMark";
import { Card } from "../components/Card";
import type { CardPalette } from "../components/cardColours";
import { Chip, ChipStack } from "../components/Chip";
import { Die } from "../components/Die";
import { SettingPanel } from "../components/SettingPanel";
import { Tile } from "../components/Tile";
import { TileStack } from "../components/TileStack";
import { DECK } from "../game/cards";
import type { CardCode } from "../game/cards";
import { cardEvaluator, tileEvaluator } from "../game/hands";
import { DENOMINATIONS, formatCents } from "../game/money";
import type { Pips, TileCode } from "../game/tiles";
import { ALL_TILES } from "../game/tiles";

const FACES: readonly Pips[] = [1, 2, 3, 4, 5, 6];
const STACK_AMOUNTS: readonly number[] = [25, 1_000, 13_750, 262_500];
const TILE_HAND: readonly TileCode[] = ["4-5", "1-2", "6-6", "3-3"];
const CARD_HAND: readonly CardCode[] = ["Kh", "Jk1", "5c", "Qs"];

/** Every drawn component of the client on one page, for review and for the screenshot tests. */
export function Gallery() {
  const [palette, setPalette] = useState<CardPalette>("two-colour");
  return (
    <div class="pg-shell">
      <header class="pg-header">
        <a class="pg-brand" href="index.html" aria-label="Pai Gow, back to the app">
          <BrandMark />
          <span class="pg-brand__name">Pai Gow</span>
        </a>
        <p class="pg-header__note">Component gallery</p>
      </header>
      <main id="main" class="pg-main pg-gallery">
        <h1 class="pg-page__title">Component gallery</h1>

        <section aria-labelledby="g-tiles" class="pg-gallery__section" id="tiles">
          <h2 id="g-tiles">The 21 tiles</h2>
          <p class="pg-note">
            Highest single rank first (R-EQUIP-01). Ones and fours red, the 6-6 half red; twos across the end, threes on
            the diagonal; the 3-3 two across, two lengthwise, two across.
          </p>
          <ul class="pg-felt pg-gallery__grid pg-gallery__grid--tiles" aria-label="All tiles">
            {ALL_TILES.map((t) => (
              <li key={t.code} class="pg-gallery__item">
                <Tile code={t.code} width={56} />
                <span class="pg-gallery__caption">
                  <strong>{t.code}</strong> {t.name}
                  {t.copies === 2 ? <span class="pg-gallery__copies"> ×2</span> : null}
                </span>
              </li>
            ))}
          </ul>
          <h3>Face down, on the side, and stacks</h3>
          <div class="pg-felt pg-gallery__row">
            <Tile code={null} width={56} />
            <Tile code="6-6" width={56} horizontal />
            <Tile code="1-2" width={56} horizontal />
            {[1, 2, 3, 4].map((n) => (
              <TileStack key={n} count={n} width={56} />
            ))}
          </div>
          <h3>Phone size</h3>
          <div class="pg-felt pg-gallery__row" aria-label="Tiles at phone size">
            {(["6-6", "1-1", "4-4", "1-3", "5-5", "3-3", "2-2", "2-4"] as const).map((c) => (
              <Tile key={c} code={c} width={30} />
            ))}
          </div>
        </section>

        <section aria-labelledby="g-cards" class="pg-gallery__section" id="cards">
          <h2 id="g-cards">Supreme Pai Gow cards</h2>
          <label class="pg-toggle">
            <input
              type="checkbox"
              checked={palette === "four-colour"}
              onChange={(e) => {
                setPalette(e.currentTarget.checked ? "four-colour" : "two-colour");
              }}
            />
            <span>Four-colour deck</span>
          </label>
          <ul class="pg-felt pg-gallery__grid pg-gallery__grid--cards" aria-label="The 54 cards">
            {DECK.map((c) => (
              <li key={c} class="pg-gallery__item">
                <Card code={c} width={60} palette={palette} />
              </li>
            ))}
            <li class="pg-gallery__item">
              <Card code={null} width={60} back="red" />
            </li>
            <li class="pg-gallery__item">
              <Card code={null} width={60} back="blue" />
            </li>
          </ul>
        </section>

        <section aria-labelledby="g-dice" class="pg-gallery__section" id="dice">
          <h2 id="g-dice">Dice</h2>
          <div class="pg-felt pg-gallery__row">
            {FACES.map((v) => (
              <Die key={v} value={v} size={48} />
            ))}
          </div>
          <h3>Dragon's Eye die</h3>
          <div class="pg-felt pg-gallery__row">
            {FACES.map((v) => (
              <Die key={v} value={v} size={48} dragon />
            ))}
          </div>
        </section>

        <section aria-labelledby="g-chips" class="pg-gallery__section" id="chips">
          <h2 id="g-chips">Chips</h2>
          <ul class="pg-felt pg-gallery__row" aria-label="Chip denominations">
            {DENOMINATIONS.map((d) => (
              <li key={d.cents} class="pg-gallery__item">
                <Chip denomination={d} size={56} />
                <span class="pg-gallery__caption">{formatCents(d.cents)}</span>
              </li>
            ))}
          </ul>
          <h3>Stacks by value</h3>
          <div class="pg-felt pg-gallery__row pg-gallery__row--bottom">
            {STACK_AMOUNTS.map((a) => (
              <ChipStack key={a} amount={a} chipSize={40} />
            ))}
          </div>
        </section>

        <section aria-labelledby="g-setting" class="pg-gallery__section" id="setting">
          <h2 id="g-setting">Setting panel</h2>
          <div class="pg-felt">
            <SettingPanel
              kind="tiles"
              pieces={TILE_HAND}
              evaluate={tileEvaluator()}
              houseWay={{ high: [2, 0], rule: "regulation house way, rule (b) of R-HW-01" }}
              initialHigh={[2, 0]}
            />
          </div>
          <div class="pg-felt">
            <SettingPanel
              kind="cards"
              pieces={CARD_HAND}
              evaluate={cardEvaluator}
              palette={palette}
              initialHigh={[2, 1]}
            />
          </div>
        </section>
      </main>
    </div>
  );
}
