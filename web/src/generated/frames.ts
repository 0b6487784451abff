/**
 * Frames recorded from a real `paigow serve` playing a fixed script
 * (tests/web_frames.py): the client's test fixtures. GENERATED: do not edit; record
 * them again with `python tests/test_web_frames.py` (which checks they are current).
 * `satisfies` makes the compiler check every frame against the protocol types.
 */

import type { ServerMessage } from "../protocol";

export const FRAMES = {
  "co-sit-eve": {
    "type": "state",
    "table": "co",
    "n": 3,
    "state": {
      "table": "co",
      "seq": 3,
      "name": "co",
      "profile": "colorado",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-7": "7",
        "bot-6": "6",
        "bot-5": "5"
      },
      "chips": {
        "bot-7": 1000000,
        "bot-6": 1000000,
        "bot-5": 1000000
      },
      "rounds": 0,
      "round_open": false,
      "waiting": null,
      "paused": true,
      "held": null,
      "you": null,
      "away": [],
      "round": null,
      "choices": {
        "bank": null,
        "wagers": [],
        "remove": [],
        "ready": false,
        "dealer_wager": null,
        "pd_stake": null,
        "cuts": null,
        "styles": [],
        "roll": false,
        "set": [],
        "set_now": [],
        "void_hand": [],
        "bank_set": false,
        "surrender": [],
        "stand": false,
        "seated": false,
        "playing": false,
        "next_round": false,
        "leave": false,
        "sitting_out": false,
        "sit_out": false,
        "returning": false,
        "withdraw_dice_bonus": false,
        "key": null,
        "sit": {
          "seats": [
            "1",
            "2",
            "3",
            "4"
          ],
          "min": 500
        }
      }
    },
    "events": [
      {
        "seq": 1,
        "action": "sit",
        "round": null,
        "notice": {
          "kind": "sit",
          "player": "bot-7",
          "seat": "7"
        }
      },
      {
        "seq": 2,
        "action": "sit",
        "round": null,
        "notice": {
          "kind": "sit",
          "player": "bot-6",
          "seat": "6"
        }
      },
      {
        "seq": 3,
        "action": "sit",
        "round": null,
        "notice": {
          "kind": "sit",
          "player": "bot-5",
          "seat": "5"
        }
      }
    ]
  },
  "co-wagers-alice": {
    "type": "event",
    "table": "co",
    "n": 6,
    "events": [
      {
        "seq": 6,
        "action": "begin",
        "round": 1,
        "notice": {
          "kind": "begin",
          "round": 1
        }
      },
      {
        "seq": 7,
        "action": "shuffle",
        "round": 1,
        "ops": [
          {
            "index": 0,
            "kind": "shuffle",
            "actor": "dealer",
            "data": {}
          }
        ]
      },
      {
        "seq": 8,
        "action": "wager",
        "round": 1,
        "ops": [
          {
            "index": 1,
            "kind": "wager",
            "actor": "player:bot-5",
            "data": {
              "ref": "w1",
              "player": "bot-5",
              "spot": "5",
              "cents": 1000,
              "kind": "main",
              "derived": false
            }
          }
        ]
      },
      {
        "seq": 9,
        "action": "wager",
        "round": 1,
        "ops": [
          {
            "index": 2,
            "kind": "wager",
            "actor": "player:bot-6",
            "data": {
              "ref": "w2",
              "player": "bot-6",
              "spot": "6",
              "cents": 1000,
              "kind": "main",
              "derived": false
            }
          }
        ]
      },
      {
        "seq": 10,
        "action": "wager",
        "round": 1,
        "ops": [
          {
            "index": 3,
            "kind": "wager",
            "actor": "player:bot-7",
            "data": {
              "ref": "w3",
              "player": "bot-7",
              "spot": "7",
              "cents": 1000,
              "kind": "main",
              "derived": false
            }
          }
        ]
      }
    ],
    "state": {
      "table": "co",
      "seq": 10,
      "name": "co",
      "profile": "colorado",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-7": "7",
        "bot-6": "6",
        "bot-5": "5",
        "alice": "1",
        "bob": "2"
      },
      "chips": {
        "bot-7": 999000,
        "bot-6": 999000,
        "bot-5": 999000,
        "alice": 50000,
        "bob": 50000
      },
      "rounds": 0,
      "round_open": true,
      "waiting": {
        "key": "r1:wagers",
        "for": "wagers",
        "who": [
          "alice",
          "bob"
        ],
        "deadline": 1767225600.0
      },
      "paused": false,
      "held": null,
      "you": "alice",
      "away": [],
      "round": {
        "game": "tiles",
        "phase": "wagers",
        "banker": {
          "kind": "house",
          "player": null,
          "position": null
        },
        "seats": {
          "bot-7": "7",
          "bot-6": "6",
          "bot-5": "5",
          "alice": "1",
          "bob": "2"
        },
        "chips": {
          "bot-7": 999000,
          "bot-6": 999000,
          "bot-5": 999000,
          "alice": 50000,
          "bob": 50000
        },
        "house_way": "regulation",
        "style": "a",
        "dice": null,
        "rng": null,
        "start": null,
        "dragons_eye": null,
        "wagers": [
          {
            "ref": "w1",
            "player": "bot-5",
            "spot": "5",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w2",
            "player": "bot-6",
            "spot": "6",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w3",
            "player": "bot-7",
            "spot": "7",
            "kind": "main",
            "cents": 1000,
            "result": null
          }
        ],
        "dealer_wager": 0,
        "pd_stake": 0,
        "positions": {
          "dealer": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "1": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "2": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "3": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "4": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "5": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "6": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "7": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          }
        },
        "unset": [],
        "results": {},
        "exposure": [],
        "void": null,
        "operations": 4,
        "statement": null
      },
      "choices": {
        "bank": null,
        "wagers": [
          {
            "spot": "1",
            "kind": "main",
            "min": 500,
            "max": 50000
          },
          {
            "spot": "2",
            "kind": "main",
            "min": 500,
            "max": 50000
          },
          {
            "spot": "5",
            "kind": "main",
            "min": 500,
            "max": 50000
          },
          {
            "spot": "6",
            "kind": "main",
            "min": 500,
            "max": 50000
          },
          {
            "spot": "7",
            "kind": "main",
            "min": 500,
            "max": 50000
          },
          {
            "spot": "1",
            "kind": "pair-fortunes",
            "min": 500,
            "max": 50000
          }
        ],
        "remove": [],
        "ready": true,
        "dealer_wager": null,
        "pd_stake": null,
        "cuts": null,
        "styles": [],
        "roll": false,
        "set": [],
        "set_now": [],
        "void_hand": [],
        "bank_set": false,
        "surrender": [],
        "stand": false,
        "seated": true,
        "playing": true,
        "next_round": false,
        "leave": true,
        "sitting_out": false,
        "sit_out": true,
        "returning": false,
        "withdraw_dice_bonus": false,
        "key": "r1:wagers",
        "sit": null
      }
    }
  },
  "co-next-round-eve": {
    "type": "event",
    "table": "co",
    "n": 12,
    "events": [
      {
        "seq": 15,
        "action": "sit",
        "round": null,
        "notice": {
          "kind": "sit",
          "player": "eve",
          "seat": "4"
        }
      }
    ],
    "state": {
      "table": "co",
      "seq": 15,
      "name": "co",
      "profile": "colorado",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-7": "7",
        "bot-6": "6",
        "bot-5": "5",
        "alice": "1",
        "bob": "2",
        "eve": "4"
      },
      "chips": {
        "bot-7": 999000,
        "bot-6": 999000,
        "bot-5": 999000,
        "alice": 48500,
        "bob": 47500,
        "eve": 50000
      },
      "rounds": 0,
      "round_open": true,
      "waiting": {
        "key": "r1:wagers",
        "for": "wagers",
        "who": [
          "bob"
        ],
        "deadline": 1767225600.0
      },
      "paused": false,
      "held": null,
      "you": "eve",
      "away": [],
      "round": {
        "game": "tiles",
        "phase": "wagers",
        "banker": {
          "kind": "house",
          "player": null,
          "position": null
        },
        "seats": {
          "bot-7": "7",
          "bot-6": "6",
          "bot-5": "5",
          "alice": "1",
          "bob": "2"
        },
        "chips": {
          "bot-7": 999000,
          "bot-6": 999000,
          "bot-5": 999000,
          "alice": 48500,
          "bob": 47500
        },
        "house_way": "regulation",
        "style": "a",
        "dice": null,
        "rng": null,
        "start": null,
        "dragons_eye": null,
        "wagers": [
          {
            "ref": "w1",
            "player": "bot-5",
            "spot": "5",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w2",
            "player": "bot-6",
            "spot": "6",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w3",
            "player": "bot-7",
            "spot": "7",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w4",
            "player": "alice",
            "spot": "1",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w5",
            "player": "alice",
            "spot": "1",
            "kind": "pair-fortunes",
            "cents": 500,
            "result": null
          },
          {
            "ref": "w6",
            "player": "bob",
            "spot": "2",
            "kind": "main",
            "cents": 2000,
            "result": null
          },
          {
            "ref": "w7",
            "player": "bob",
            "spot": "3",
            "kind": "main",
            "cents": 500,
            "result": null
          }
        ],
        "dealer_wager": 0,
        "pd_stake": 0,
        "positions": {
          "dealer": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "1": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "2": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "3": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "4": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "5": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "6": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "7": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          }
        },
        "unset": [],
        "results": {},
        "exposure": [],
        "void": null,
        "operations": 8,
        "statement": null
      },
      "choices": {
        "bank": null,
        "wagers": [],
        "remove": [],
        "ready": false,
        "dealer_wager": null,
        "pd_stake": null,
        "cuts": null,
        "styles": [],
        "roll": false,
        "set": [],
        "set_now": [],
        "void_hand": [],
        "bank_set": false,
        "surrender": [],
        "stand": false,
        "seated": true,
        "playing": false,
        "next_round": true,
        "leave": true,
        "sitting_out": false,
        "sit_out": true,
        "returning": false,
        "withdraw_dice_bonus": false,
        "key": null,
        "sit": null
      }
    }
  },
  "co-setting-bob": {
    "type": "event",
    "table": "co",
    "n": 13,
    "events": [
      {
        "seq": 16,
        "action": "no_more_bets",
        "round": 1,
        "ops": [
          {
            "index": 8,
            "kind": "no_more_bets",
            "actor": "dealer",
            "data": {}
          }
        ]
      },
      {
        "seq": 17,
        "action": "style",
        "round": 1,
        "ops": [
          {
            "index": 9,
            "kind": "style",
            "actor": "dealer",
            "data": {
              "style": "a",
              "chooser": "dealer"
            }
          }
        ]
      },
      {
        "seq": 18,
        "action": "roll",
        "round": 1,
        "ops": [
          {
            "index": 10,
            "kind": "roll",
            "actor": "dealer",
            "data": {
              "dice": [
                2,
                6,
                1
              ],
              "rng": null,
              "button": null,
              "start": "2"
            }
          },
          {
            "index": 11,
            "kind": "dragons_eye",
            "actor": "dealer",
            "data": {
              "button": 2,
              "triple": false,
              "tier": 0,
              "streak": 0,
              "derived": true
            }
          }
        ]
      },
      {
        "seq": 19,
        "action": "deal",
        "round": 1,
        "ops": [
          {
            "index": 12,
            "kind": "deal",
            "actor": "dealer",
            "data": {
              "style": "a",
              "first_stack": null,
              "hands": {
                "2": [
                  "1-6",
                  "4-5",
                  "1-5",
                  "1-3"
                ],
                "3": [
                  "2-2",
                  "1-5",
                  "1-3",
                  "5-5"
                ]
              },
              "collected": [
                "4"
              ]
            }
          }
        ]
      },
      {
        "seq": 20,
        "action": "set",
        "round": 1,
        "ops": [
          {
            "index": 13,
            "kind": "set",
            "actor": "player:bot-5",
            "data": {
              "spot": "5",
              "by": "bot-5"
            }
          }
        ]
      },
      {
        "seq": 21,
        "action": "set",
        "round": 1,
        "ops": [
          {
            "index": 14,
            "kind": "set",
            "actor": "player:bot-6",
            "data": {
              "spot": "6",
              "by": "bot-6"
            }
          }
        ]
      },
      {
        "seq": 22,
        "action": "set",
        "round": 1,
        "ops": [
          {
            "index": 15,
            "kind": "set",
            "actor": "player:bot-7",
            "data": {
              "spot": "7",
              "by": "bot-7"
            }
          }
        ]
      }
    ],
    "state": {
      "table": "co",
      "seq": 22,
      "name": "co",
      "profile": "colorado",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-7": "7",
        "bot-6": "6",
        "bot-5": "5",
        "alice": "1",
        "bob": "2",
        "eve": "4"
      },
      "chips": {
        "bot-7": 999000,
        "bot-6": 999000,
        "bot-5": 999000,
        "alice": 48500,
        "bob": 47500,
        "eve": 50000
      },
      "rounds": 0,
      "round_open": true,
      "waiting": {
        "key": "r1:setting",
        "for": "setting",
        "who": [
          "alice",
          "bob"
        ],
        "deadline": 1767225600.0
      },
      "paused": false,
      "held": null,
      "you": "bob",
      "away": [],
      "round": {
        "game": "tiles",
        "phase": "setting",
        "banker": {
          "kind": "house",
          "player": null,
          "position": null
        },
        "seats": {
          "bot-7": "7",
          "bot-6": "6",
          "bot-5": "5",
          "alice": "1",
          "bob": "2"
        },
        "chips": {
          "bot-7": 999000,
          "bot-6": 999000,
          "bot-5": 999000,
          "alice": 48500,
          "bob": 47500
        },
        "house_way": "regulation",
        "style": "a",
        "dice": [
          2,
          6,
          1
        ],
        "rng": null,
        "start": "2",
        "dragons_eye": {
          "button": 2,
          "triple": false,
          "tier": 0,
          "streak": 0
        },
        "wagers": [
          {
            "ref": "w1",
            "player": "bot-5",
            "spot": "5",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w2",
            "player": "bot-6",
            "spot": "6",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w3",
            "player": "bot-7",
            "spot": "7",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w4",
            "player": "alice",
            "spot": "1",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w5",
            "player": "alice",
            "spot": "1",
            "kind": "pair-fortunes",
            "cents": 500,
            "result": null
          },
          {
            "ref": "w6",
            "player": "bob",
            "spot": "2",
            "kind": "main",
            "cents": 2000,
            "result": null
          },
          {
            "ref": "w7",
            "player": "bob",
            "spot": "3",
            "kind": "main",
            "cents": 500,
            "result": null
          }
        ],
        "dealer_wager": 0,
        "pd_stake": 0,
        "positions": {
          "dealer": {
            "dealt": true,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "1": {
            "dealt": true,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "2": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "1-6",
              "4-5",
              "1-5",
              "1-3"
            ],
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "3": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "2-2",
              "1-5",
              "1-3",
              "5-5"
            ],
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "4": {
            "dealt": false,
            "collected": true,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "5": {
            "dealt": true,
            "collected": false,
            "pieces": null,
            "set": true,
            "setting": null,
            "set_by": "bot-5",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "6": {
            "dealt": true,
            "collected": false,
            "pieces": null,
            "set": true,
            "setting": null,
            "set_by": "bot-6",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "7": {
            "dealt": true,
            "collected": false,
            "pieces": null,
            "set": true,
            "setting": null,
            "set_by": "bot-7",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          }
        },
        "unset": [
          "2",
          "1",
          "3"
        ],
        "results": {},
        "exposure": [],
        "void": null,
        "operations": 16,
        "statement": null
      },
      "choices": {
        "bank": null,
        "wagers": [],
        "remove": [],
        "ready": false,
        "dealer_wager": null,
        "pd_stake": null,
        "cuts": null,
        "styles": [],
        "roll": false,
        "set": [
          "2",
          "3"
        ],
        "set_now": [
          "2"
        ],
        "void_hand": [],
        "bank_set": false,
        "surrender": [],
        "stand": false,
        "seated": true,
        "playing": true,
        "next_round": false,
        "leave": true,
        "sitting_out": false,
        "sit_out": true,
        "returning": false,
        "withdraw_dice_bonus": false,
        "key": "r1:setting",
        "sit": null
      }
    }
  },
  "co-surrender-bob": {
    "type": "event",
    "table": "co",
    "n": 16,
    "events": [
      {
        "seq": 25,
        "action": "house_way",
        "round": 1,
        "ops": [
          {
            "index": 18,
            "kind": "house_way",
            "actor": "dealer",
            "data": {
              "spot": "3",
              "high": [
                "1-3",
                "2-2"
              ],
              "low": [
                "5-5",
                "1-5"
              ]
            }
          }
        ]
      },
      {
        "seq": 26,
        "action": "bank_set",
        "round": 1,
        "ops": [
          {
            "index": 19,
            "kind": "bank_set",
            "actor": "dealer",
            "data": {
              "by": "house way"
            }
          }
        ]
      }
    ],
    "state": {
      "table": "co",
      "seq": 26,
      "name": "co",
      "profile": "colorado",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-7": "7",
        "bot-6": "6",
        "bot-5": "5",
        "alice": "1",
        "bob": "2",
        "eve": "4"
      },
      "chips": {
        "bot-7": 999000,
        "bot-6": 999000,
        "bot-5": 999000,
        "alice": 48500,
        "bob": 47500,
        "eve": 50000
      },
      "rounds": 0,
      "round_open": true,
      "waiting": {
        "key": "r1:surrender",
        "for": "surrender",
        "who": [
          "alice",
          "bob"
        ],
        "deadline": 1767225600.0
      },
      "paused": false,
      "held": null,
      "you": "bob",
      "away": [],
      "round": {
        "game": "tiles",
        "phase": "surrender",
        "banker": {
          "kind": "house",
          "player": null,
          "position": null
        },
        "seats": {
          "bot-7": "7",
          "bot-6": "6",
          "bot-5": "5",
          "alice": "1",
          "bob": "2"
        },
        "chips": {
          "bot-7": 999000,
          "bot-6": 999000,
          "bot-5": 999000,
          "alice": 48500,
          "bob": 47500
        },
        "house_way": "regulation",
        "style": "a",
        "dice": [
          2,
          6,
          1
        ],
        "rng": null,
        "start": "2",
        "dragons_eye": {
          "button": 2,
          "triple": false,
          "tier": 0,
          "streak": 0
        },
        "wagers": [
          {
            "ref": "w1",
            "player": "bot-5",
            "spot": "5",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w2",
            "player": "bot-6",
            "spot": "6",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w3",
            "player": "bot-7",
            "spot": "7",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w4",
            "player": "alice",
            "spot": "1",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w5",
            "player": "alice",
            "spot": "1",
            "kind": "pair-fortunes",
            "cents": 500,
            "result": null
          },
          {
            "ref": "w6",
            "player": "bob",
            "spot": "2",
            "kind": "main",
            "cents": 2000,
            "result": null
          },
          {
            "ref": "w7",
            "player": "bob",
            "spot": "3",
            "kind": "main",
            "cents": 500,
            "result": null
          }
        ],
        "dealer_wager": 0,
        "pd_stake": 0,
        "positions": {
          "dealer": {
            "dealt": true,
            "collected": false,
            "pieces": null,
            "set": true,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "1": {
            "dealt": true,
            "collected": false,
            "pieces": null,
            "set": true,
            "setting": null,
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "2": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "1-6",
              "4-5",
              "1-5",
              "1-3"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-3",
                "4-5"
              ],
              "low": [
                "1-6",
                "1-5"
              ]
            },
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "3": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "2-2",
              "1-5",
              "1-3",
              "5-5"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-3",
                "2-2"
              ],
              "low": [
                "5-5",
                "1-5"
              ]
            },
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "4": {
            "dealt": false,
            "collected": true,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "5": {
            "dealt": true,
            "collected": false,
            "pieces": null,
            "set": true,
            "setting": null,
            "set_by": "bot-5",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "6": {
            "dealt": true,
            "collected": false,
            "pieces": null,
            "set": true,
            "setting": null,
            "set_by": "bot-6",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "7": {
            "dealt": true,
            "collected": false,
            "pieces": null,
            "set": true,
            "setting": null,
            "set_by": "bot-7",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          }
        },
        "unset": [],
        "results": {},
        "exposure": [],
        "void": null,
        "operations": 20,
        "statement": null
      },
      "choices": {
        "bank": null,
        "wagers": [],
        "remove": [],
        "ready": false,
        "dealer_wager": null,
        "pd_stake": null,
        "cuts": null,
        "styles": [],
        "roll": false,
        "set": [],
        "set_now": [],
        "void_hand": [],
        "bank_set": false,
        "surrender": [
          "2",
          "3"
        ],
        "stand": true,
        "seated": true,
        "playing": true,
        "next_round": false,
        "leave": true,
        "sitting_out": false,
        "sit_out": true,
        "returning": false,
        "withdraw_dice_bonus": false,
        "key": "r1:surrender",
        "sit": null
      }
    }
  },
  "co-settled-alice": {
    "type": "event",
    "table": "co",
    "n": 19,
    "events": [
      {
        "seq": 28,
        "action": "settle",
        "round": 1,
        "ops": [
          {
            "index": 21,
            "kind": "settle",
            "actor": "dealer",
            "data": {
              "results": {
                "w4": {
                  "spot": "1",
                  "player": "alice",
                  "cents": 1000,
                  "result": "win",
                  "high": "player",
                  "low": "player"
                },
                "w6": {
                  "spot": "2",
                  "player": "bob",
                  "cents": 2000,
                  "result": "lose",
                  "high": "dealer",
                  "low": "dealer"
                },
                "w7": {
                  "spot": "3",
                  "player": "bob",
                  "cents": 500,
                  "result": "surrender"
                },
                "w1": {
                  "spot": "5",
                  "player": "bot-5",
                  "cents": 1000,
                  "result": "win",
                  "high": "player",
                  "low": "player"
                },
                "w2": {
                  "spot": "6",
                  "player": "bot-6",
                  "cents": 1000,
                  "result": "push",
                  "high": "player",
                  "low": "dealer"
                },
                "w3": {
                  "spot": "7",
                  "player": "bot-7",
                  "cents": 1000,
                  "result": "lose",
                  "high": "dealer",
                  "low": "dealer"
                },
                "w5": {
                  "spot": "1",
                  "player": "alice",
                  "cents": 500,
                  "result": "lose",
                  "class": "No pair",
                  "pays": -1
                }
              }
            }
          }
        ]
      },
      {
        "seq": 29,
        "action": "finish",
        "round": 1,
        "notice": {
          "kind": "finish",
          "round": 1
        }
      }
    ],
    "state": {
      "table": "co",
      "seq": 29,
      "name": "co",
      "profile": "colorado",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-7": "7",
        "bot-6": "6",
        "bot-5": "5",
        "alice": "1",
        "bob": "2",
        "eve": "4"
      },
      "chips": {
        "bot-7": 999000,
        "bot-6": 1000000,
        "bot-5": 1000950,
        "alice": 50450,
        "bob": 47500,
        "eve": 50000
      },
      "rounds": 1,
      "round_open": false,
      "waiting": {
        "key": "r1-after:pause",
        "for": "next round",
        "who": [],
        "deadline": 1767225600.0
      },
      "paused": false,
      "held": null,
      "you": "alice",
      "away": [],
      "round": {
        "game": "tiles",
        "phase": "done",
        "banker": {
          "kind": "house",
          "player": null,
          "position": null
        },
        "seats": {
          "bot-7": "7",
          "bot-6": "6",
          "bot-5": "5",
          "alice": "1",
          "bob": "2"
        },
        "chips": {
          "bot-7": 999000,
          "bot-6": 1000000,
          "bot-5": 1000950,
          "alice": 50450,
          "bob": 47500
        },
        "house_way": "regulation",
        "style": "a",
        "dice": [
          2,
          6,
          1
        ],
        "rng": null,
        "start": "2",
        "dragons_eye": {
          "button": 2,
          "triple": false,
          "tier": 0,
          "streak": 0
        },
        "wagers": [
          {
            "ref": "w1",
            "player": "bot-5",
            "spot": "5",
            "kind": "main",
            "cents": 1000,
            "result": "win"
          },
          {
            "ref": "w2",
            "player": "bot-6",
            "spot": "6",
            "kind": "main",
            "cents": 1000,
            "result": "push"
          },
          {
            "ref": "w3",
            "player": "bot-7",
            "spot": "7",
            "kind": "main",
            "cents": 1000,
            "result": "lose"
          },
          {
            "ref": "w4",
            "player": "alice",
            "spot": "1",
            "kind": "main",
            "cents": 1000,
            "result": "win"
          },
          {
            "ref": "w5",
            "player": "alice",
            "spot": "1",
            "kind": "pair-fortunes",
            "cents": 500,
            "result": "lose"
          },
          {
            "ref": "w6",
            "player": "bob",
            "spot": "2",
            "kind": "main",
            "cents": 2000,
            "result": "lose"
          },
          {
            "ref": "w7",
            "player": "bob",
            "spot": "3",
            "kind": "main",
            "cents": 500,
            "result": "surrender"
          }
        ],
        "dealer_wager": 0,
        "pd_stake": 0,
        "positions": {
          "dealer": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "5-5",
              "1-4",
              "3-3",
              "5-6"
            ],
            "set": true,
            "setting": {
              "high": [
                "3-3",
                "5-6"
              ],
              "low": [
                "5-5",
                "1-4"
              ]
            },
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "1": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "1-2",
              "4-6",
              "3-6",
              "1-1"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-1",
                "3-6"
              ],
              "low": [
                "4-6",
                "1-2"
              ]
            },
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "2": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "1-6",
              "4-5",
              "1-5",
              "1-3"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-3",
                "4-5"
              ],
              "low": [
                "1-6",
                "1-5"
              ]
            },
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "3": {
            "dealt": true,
            "collected": false,
            "pieces": null,
            "set": true,
            "setting": null,
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": true,
            "void": false,
            "dead": false
          },
          "4": {
            "dealt": false,
            "collected": true,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "5": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "5-6",
              "6-6",
              "2-5",
              "3-5"
            ],
            "set": true,
            "setting": {
              "high": [
                "6-6",
                "3-5"
              ],
              "low": [
                "5-6",
                "2-5"
              ]
            },
            "set_by": "bot-5",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "6": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "4-4",
              "4-6",
              "2-4",
              "3-4"
            ],
            "set": true,
            "setting": {
              "high": [
                "4-4",
                "4-6"
              ],
              "low": [
                "3-4",
                "2-4"
              ]
            },
            "set_by": "bot-6",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "7": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "3-3",
              "4-4",
              "2-2",
              "2-6"
            ],
            "set": true,
            "setting": {
              "high": [
                "4-4",
                "2-6"
              ],
              "low": [
                "3-3",
                "2-2"
              ]
            },
            "set_by": "bot-7",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          }
        },
        "unset": [],
        "results": {
          "w4": {
            "spot": "1",
            "player": "alice",
            "cents": 1000,
            "result": "win",
            "high": "player",
            "low": "player"
          },
          "w6": {
            "spot": "2",
            "player": "bob",
            "cents": 2000,
            "result": "lose",
            "high": "dealer",
            "low": "dealer"
          },
          "w7": {
            "spot": "3",
            "player": "bob",
            "cents": 500,
            "result": "surrender"
          },
          "w1": {
            "spot": "5",
            "player": "bot-5",
            "cents": 1000,
            "result": "win",
            "high": "player",
            "low": "player"
          },
          "w2": {
            "spot": "6",
            "player": "bot-6",
            "cents": 1000,
            "result": "push",
            "high": "player",
            "low": "dealer"
          },
          "w3": {
            "spot": "7",
            "player": "bot-7",
            "cents": 1000,
            "result": "lose",
            "high": "dealer",
            "low": "dealer"
          },
          "w5": {
            "spot": "1",
            "player": "alice",
            "cents": 500,
            "result": "lose",
            "class": "No pair",
            "pays": -1
          }
        },
        "exposure": [
          "1",
          "2",
          "5",
          "6",
          "7"
        ],
        "void": null,
        "operations": 22,
        "statement": {
          "format": "paigow-statement/1",
          "record_id": "table#1",
          "void": null,
          "banker": {
            "kind": "house",
            "player": null,
            "position": null
          },
          "wagers": [
            {
              "ref": "w4",
              "owner": "alice",
              "kind": "main",
              "spot": "1",
              "stake": 1000,
              "result": "win",
              "returned": 1000,
              "won": 1000,
              "commission": 50,
              "collection": 0,
              "net": 950
            },
            {
              "ref": "w5",
              "owner": "alice",
              "kind": "pair-fortunes",
              "spot": "1",
              "stake": 500,
              "result": "lose",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -500,
              "pays": -1,
              "class": "No pair"
            },
            {
              "ref": "w6",
              "owner": "bob",
              "kind": "main",
              "spot": "2",
              "stake": 2000,
              "result": "lose",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -2000
            },
            {
              "ref": "w7",
              "owner": "bob",
              "kind": "main",
              "spot": "3",
              "stake": 500,
              "result": "surrender",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -500
            },
            {
              "ref": "w1",
              "owner": "bot-5",
              "kind": "main",
              "spot": "5",
              "stake": 1000,
              "result": "win",
              "returned": 1000,
              "won": 1000,
              "commission": 50,
              "collection": 0,
              "net": 950
            },
            {
              "ref": "w2",
              "owner": "bot-6",
              "kind": "main",
              "spot": "6",
              "stake": 1000,
              "result": "push",
              "returned": 1000,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0
            },
            {
              "ref": "w3",
              "owner": "bot-7",
              "kind": "main",
              "spot": "7",
              "stake": 1000,
              "result": "lose",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -1000
            }
          ],
          "dealer_wager": null,
          "bank": null,
          "players": [
            {
              "player": "alice",
              "seat": "1",
              "before": 50000,
              "net": 450,
              "after": 50450,
              "kept": 0,
              "commission": 50,
              "collection": 0
            },
            {
              "player": "bob",
              "seat": "2",
              "before": 50000,
              "net": -2500,
              "after": 47500,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-5",
              "seat": "5",
              "before": 1000000,
              "net": 950,
              "after": 1000950,
              "kept": 0,
              "commission": 50,
              "collection": 0
            },
            {
              "player": "bot-6",
              "seat": "6",
              "before": 1000000,
              "net": 0,
              "after": 1000000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-7",
              "seat": "7",
              "before": 1000000,
              "net": -1000,
              "after": 999000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            }
          ],
          "spots": [
            {
              "spot": "1",
              "player": "alice",
              "result": "win",
              "net": 450
            },
            {
              "spot": "2",
              "player": "bob",
              "result": "lose",
              "net": -2000
            },
            {
              "spot": "3",
              "player": "bob",
              "result": "surrender",
              "net": -500
            },
            {
              "spot": "5",
              "player": "bot-5",
              "result": "win",
              "net": 950
            },
            {
              "spot": "6",
              "player": "bot-6",
              "result": "push",
              "net": 0
            },
            {
              "spot": "7",
              "player": "bot-7",
              "result": "lose",
              "net": -1000
            }
          ],
          "house": {
            "net": 2100,
            "commission": 100,
            "collection": 0
          }
        }
      },
      "choices": {
        "bank": null,
        "wagers": [],
        "remove": [],
        "ready": false,
        "dealer_wager": null,
        "pd_stake": null,
        "cuts": null,
        "styles": [],
        "roll": false,
        "set": [],
        "set_now": [],
        "void_hand": [],
        "bank_set": false,
        "surrender": [],
        "stand": false,
        "seated": true,
        "playing": false,
        "next_round": false,
        "leave": true,
        "sitting_out": false,
        "sit_out": true,
        "returning": false,
        "withdraw_dice_bonus": false,
        "key": null,
        "sit": null
      }
    }
  },
  "co-settled-watcher": {
    "type": "event",
    "table": "co",
    "n": 19,
    "events": [
      {
        "seq": 28,
        "action": "settle",
        "round": 1,
        "ops": [
          {
            "index": 21,
            "kind": "settle",
            "actor": "dealer",
            "data": {
              "results": {
                "w4": {
                  "spot": "1",
                  "player": "alice",
                  "cents": 1000,
                  "result": "win",
                  "high": "player",
                  "low": "player"
                },
                "w6": {
                  "spot": "2",
                  "player": "bob",
                  "cents": 2000,
                  "result": "lose",
                  "high": "dealer",
                  "low": "dealer"
                },
                "w7": {
                  "spot": "3",
                  "player": "bob",
                  "cents": 500,
                  "result": "surrender"
                },
                "w1": {
                  "spot": "5",
                  "player": "bot-5",
                  "cents": 1000,
                  "result": "win",
                  "high": "player",
                  "low": "player"
                },
                "w2": {
                  "spot": "6",
                  "player": "bot-6",
                  "cents": 1000,
                  "result": "push",
                  "high": "player",
                  "low": "dealer"
                },
                "w3": {
                  "spot": "7",
                  "player": "bot-7",
                  "cents": 1000,
                  "result": "lose",
                  "high": "dealer",
                  "low": "dealer"
                },
                "w5": {
                  "spot": "1",
                  "player": "alice",
                  "cents": 500,
                  "result": "lose",
                  "class": "No pair",
                  "pays": -1
                }
              }
            }
          }
        ]
      },
      {
        "seq": 29,
        "action": "finish",
        "round": 1,
        "notice": {
          "kind": "finish",
          "round": 1
        }
      }
    ],
    "state": {
      "table": "co",
      "seq": 29,
      "name": "co",
      "profile": "colorado",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-7": "7",
        "bot-6": "6",
        "bot-5": "5",
        "alice": "1",
        "bob": "2",
        "eve": "4"
      },
      "chips": {
        "bot-7": 999000,
        "bot-6": 1000000,
        "bot-5": 1000950,
        "alice": 50450,
        "bob": 47500,
        "eve": 50000
      },
      "rounds": 1,
      "round_open": false,
      "waiting": {
        "key": "r1-after:pause",
        "for": "next round",
        "who": [],
        "deadline": 1767225600.0
      },
      "paused": false,
      "held": null,
      "you": null,
      "away": [],
      "round": {
        "game": "tiles",
        "phase": "done",
        "banker": {
          "kind": "house",
          "player": null,
          "position": null
        },
        "seats": {
          "bot-7": "7",
          "bot-6": "6",
          "bot-5": "5",
          "alice": "1",
          "bob": "2"
        },
        "chips": {
          "bot-7": 999000,
          "bot-6": 1000000,
          "bot-5": 1000950,
          "alice": 50450,
          "bob": 47500
        },
        "house_way": "regulation",
        "style": "a",
        "dice": [
          2,
          6,
          1
        ],
        "rng": null,
        "start": "2",
        "dragons_eye": {
          "button": 2,
          "triple": false,
          "tier": 0,
          "streak": 0
        },
        "wagers": [
          {
            "ref": "w1",
            "player": "bot-5",
            "spot": "5",
            "kind": "main",
            "cents": 1000,
            "result": "win"
          },
          {
            "ref": "w2",
            "player": "bot-6",
            "spot": "6",
            "kind": "main",
            "cents": 1000,
            "result": "push"
          },
          {
            "ref": "w3",
            "player": "bot-7",
            "spot": "7",
            "kind": "main",
            "cents": 1000,
            "result": "lose"
          },
          {
            "ref": "w4",
            "player": "alice",
            "spot": "1",
            "kind": "main",
            "cents": 1000,
            "result": "win"
          },
          {
            "ref": "w5",
            "player": "alice",
            "spot": "1",
            "kind": "pair-fortunes",
            "cents": 500,
            "result": "lose"
          },
          {
            "ref": "w6",
            "player": "bob",
            "spot": "2",
            "kind": "main",
            "cents": 2000,
            "result": "lose"
          },
          {
            "ref": "w7",
            "player": "bob",
            "spot": "3",
            "kind": "main",
            "cents": 500,
            "result": "surrender"
          }
        ],
        "dealer_wager": 0,
        "pd_stake": 0,
        "positions": {
          "dealer": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "5-5",
              "1-4",
              "3-3",
              "5-6"
            ],
            "set": true,
            "setting": {
              "high": [
                "3-3",
                "5-6"
              ],
              "low": [
                "5-5",
                "1-4"
              ]
            },
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "1": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "1-2",
              "4-6",
              "3-6",
              "1-1"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-1",
                "3-6"
              ],
              "low": [
                "4-6",
                "1-2"
              ]
            },
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "2": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "1-6",
              "4-5",
              "1-5",
              "1-3"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-3",
                "4-5"
              ],
              "low": [
                "1-6",
                "1-5"
              ]
            },
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "3": {
            "dealt": true,
            "collected": false,
            "pieces": null,
            "set": true,
            "setting": null,
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": true,
            "void": false,
            "dead": false
          },
          "4": {
            "dealt": false,
            "collected": true,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "5": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "5-6",
              "6-6",
              "2-5",
              "3-5"
            ],
            "set": true,
            "setting": {
              "high": [
                "6-6",
                "3-5"
              ],
              "low": [
                "5-6",
                "2-5"
              ]
            },
            "set_by": "bot-5",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "6": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "4-4",
              "4-6",
              "2-4",
              "3-4"
            ],
            "set": true,
            "setting": {
              "high": [
                "4-4",
                "4-6"
              ],
              "low": [
                "3-4",
                "2-4"
              ]
            },
            "set_by": "bot-6",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "7": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "3-3",
              "4-4",
              "2-2",
              "2-6"
            ],
            "set": true,
            "setting": {
              "high": [
                "4-4",
                "2-6"
              ],
              "low": [
                "3-3",
                "2-2"
              ]
            },
            "set_by": "bot-7",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          }
        },
        "unset": [],
        "results": {
          "w4": {
            "spot": "1",
            "player": "alice",
            "cents": 1000,
            "result": "win",
            "high": "player",
            "low": "player"
          },
          "w6": {
            "spot": "2",
            "player": "bob",
            "cents": 2000,
            "result": "lose",
            "high": "dealer",
            "low": "dealer"
          },
          "w7": {
            "spot": "3",
            "player": "bob",
            "cents": 500,
            "result": "surrender"
          },
          "w1": {
            "spot": "5",
            "player": "bot-5",
            "cents": 1000,
            "result": "win",
            "high": "player",
            "low": "player"
          },
          "w2": {
            "spot": "6",
            "player": "bot-6",
            "cents": 1000,
            "result": "push",
            "high": "player",
            "low": "dealer"
          },
          "w3": {
            "spot": "7",
            "player": "bot-7",
            "cents": 1000,
            "result": "lose",
            "high": "dealer",
            "low": "dealer"
          },
          "w5": {
            "spot": "1",
            "player": "alice",
            "cents": 500,
            "result": "lose",
            "class": "No pair",
            "pays": -1
          }
        },
        "exposure": [
          "1",
          "2",
          "5",
          "6",
          "7"
        ],
        "void": null,
        "operations": 22,
        "statement": {
          "format": "paigow-statement/1",
          "record_id": "table#1",
          "void": null,
          "banker": {
            "kind": "house",
            "player": null,
            "position": null
          },
          "wagers": [
            {
              "ref": "w4",
              "owner": "alice",
              "kind": "main",
              "spot": "1",
              "stake": 1000,
              "result": "win",
              "returned": 1000,
              "won": 1000,
              "commission": 50,
              "collection": 0,
              "net": 950
            },
            {
              "ref": "w5",
              "owner": "alice",
              "kind": "pair-fortunes",
              "spot": "1",
              "stake": 500,
              "result": "lose",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -500,
              "pays": -1,
              "class": "No pair"
            },
            {
              "ref": "w6",
              "owner": "bob",
              "kind": "main",
              "spot": "2",
              "stake": 2000,
              "result": "lose",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -2000
            },
            {
              "ref": "w7",
              "owner": "bob",
              "kind": "main",
              "spot": "3",
              "stake": 500,
              "result": "surrender",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -500
            },
            {
              "ref": "w1",
              "owner": "bot-5",
              "kind": "main",
              "spot": "5",
              "stake": 1000,
              "result": "win",
              "returned": 1000,
              "won": 1000,
              "commission": 50,
              "collection": 0,
              "net": 950
            },
            {
              "ref": "w2",
              "owner": "bot-6",
              "kind": "main",
              "spot": "6",
              "stake": 1000,
              "result": "push",
              "returned": 1000,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0
            },
            {
              "ref": "w3",
              "owner": "bot-7",
              "kind": "main",
              "spot": "7",
              "stake": 1000,
              "result": "lose",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -1000
            }
          ],
          "dealer_wager": null,
          "bank": null,
          "players": [
            {
              "player": "alice",
              "seat": "1",
              "before": 50000,
              "net": 450,
              "after": 50450,
              "kept": 0,
              "commission": 50,
              "collection": 0
            },
            {
              "player": "bob",
              "seat": "2",
              "before": 50000,
              "net": -2500,
              "after": 47500,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-5",
              "seat": "5",
              "before": 1000000,
              "net": 950,
              "after": 1000950,
              "kept": 0,
              "commission": 50,
              "collection": 0
            },
            {
              "player": "bot-6",
              "seat": "6",
              "before": 1000000,
              "net": 0,
              "after": 1000000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-7",
              "seat": "7",
              "before": 1000000,
              "net": -1000,
              "after": 999000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            }
          ],
          "spots": [
            {
              "spot": "1",
              "player": "alice",
              "result": "win",
              "net": 450
            },
            {
              "spot": "2",
              "player": "bob",
              "result": "lose",
              "net": -2000
            },
            {
              "spot": "3",
              "player": "bob",
              "result": "surrender",
              "net": -500
            },
            {
              "spot": "5",
              "player": "bot-5",
              "result": "win",
              "net": 950
            },
            {
              "spot": "6",
              "player": "bot-6",
              "result": "push",
              "net": 0
            },
            {
              "spot": "7",
              "player": "bot-7",
              "result": "lose",
              "net": -1000
            }
          ],
          "house": {
            "net": 2100,
            "commission": 100,
            "collection": 0
          }
        }
      },
      "choices": null
    }
  },
  "co-offer-alice": {
    "type": "event",
    "table": "co",
    "n": 20,
    "events": [],
    "state": {
      "table": "co",
      "seq": 29,
      "name": "co",
      "profile": "colorado",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-7": "7",
        "bot-6": "6",
        "bot-5": "5",
        "alice": "1",
        "bob": "2",
        "eve": "4"
      },
      "chips": {
        "bot-7": 999000,
        "bot-6": 1000000,
        "bot-5": 1000950,
        "alice": 50450,
        "bob": 47500,
        "eve": 50000
      },
      "rounds": 1,
      "round_open": false,
      "waiting": {
        "key": "r1-after:offer:alice",
        "for": "bank offer",
        "who": [
          "alice"
        ],
        "deadline": 1767225600.0
      },
      "paused": false,
      "held": null,
      "you": "alice",
      "away": [],
      "round": {
        "game": "tiles",
        "phase": "done",
        "banker": {
          "kind": "house",
          "player": null,
          "position": null
        },
        "seats": {
          "bot-7": "7",
          "bot-6": "6",
          "bot-5": "5",
          "alice": "1",
          "bob": "2"
        },
        "chips": {
          "bot-7": 999000,
          "bot-6": 1000000,
          "bot-5": 1000950,
          "alice": 50450,
          "bob": 47500
        },
        "house_way": "regulation",
        "style": "a",
        "dice": [
          2,
          6,
          1
        ],
        "rng": null,
        "start": "2",
        "dragons_eye": {
          "button": 2,
          "triple": false,
          "tier": 0,
          "streak": 0
        },
        "wagers": [
          {
            "ref": "w1",
            "player": "bot-5",
            "spot": "5",
            "kind": "main",
            "cents": 1000,
            "result": "win"
          },
          {
            "ref": "w2",
            "player": "bot-6",
            "spot": "6",
            "kind": "main",
            "cents": 1000,
            "result": "push"
          },
          {
            "ref": "w3",
            "player": "bot-7",
            "spot": "7",
            "kind": "main",
            "cents": 1000,
            "result": "lose"
          },
          {
            "ref": "w4",
            "player": "alice",
            "spot": "1",
            "kind": "main",
            "cents": 1000,
            "result": "win"
          },
          {
            "ref": "w5",
            "player": "alice",
            "spot": "1",
            "kind": "pair-fortunes",
            "cents": 500,
            "result": "lose"
          },
          {
            "ref": "w6",
            "player": "bob",
            "spot": "2",
            "kind": "main",
            "cents": 2000,
            "result": "lose"
          },
          {
            "ref": "w7",
            "player": "bob",
            "spot": "3",
            "kind": "main",
            "cents": 500,
            "result": "surrender"
          }
        ],
        "dealer_wager": 0,
        "pd_stake": 0,
        "positions": {
          "dealer": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "5-5",
              "1-4",
              "3-3",
              "5-6"
            ],
            "set": true,
            "setting": {
              "high": [
                "3-3",
                "5-6"
              ],
              "low": [
                "5-5",
                "1-4"
              ]
            },
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "1": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "1-2",
              "4-6",
              "3-6",
              "1-1"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-1",
                "3-6"
              ],
              "low": [
                "4-6",
                "1-2"
              ]
            },
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "2": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "1-6",
              "4-5",
              "1-5",
              "1-3"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-3",
                "4-5"
              ],
              "low": [
                "1-6",
                "1-5"
              ]
            },
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "3": {
            "dealt": true,
            "collected": false,
            "pieces": null,
            "set": true,
            "setting": null,
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": true,
            "void": false,
            "dead": false
          },
          "4": {
            "dealt": false,
            "collected": true,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "5": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "5-6",
              "6-6",
              "2-5",
              "3-5"
            ],
            "set": true,
            "setting": {
              "high": [
                "6-6",
                "3-5"
              ],
              "low": [
                "5-6",
                "2-5"
              ]
            },
            "set_by": "bot-5",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "6": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "4-4",
              "4-6",
              "2-4",
              "3-4"
            ],
            "set": true,
            "setting": {
              "high": [
                "4-4",
                "4-6"
              ],
              "low": [
                "3-4",
                "2-4"
              ]
            },
            "set_by": "bot-6",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "7": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "3-3",
              "4-4",
              "2-2",
              "2-6"
            ],
            "set": true,
            "setting": {
              "high": [
                "4-4",
                "2-6"
              ],
              "low": [
                "3-3",
                "2-2"
              ]
            },
            "set_by": "bot-7",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          }
        },
        "unset": [],
        "results": {
          "w4": {
            "spot": "1",
            "player": "alice",
            "cents": 1000,
            "result": "win",
            "high": "player",
            "low": "player"
          },
          "w6": {
            "spot": "2",
            "player": "bob",
            "cents": 2000,
            "result": "lose",
            "high": "dealer",
            "low": "dealer"
          },
          "w7": {
            "spot": "3",
            "player": "bob",
            "cents": 500,
            "result": "surrender"
          },
          "w1": {
            "spot": "5",
            "player": "bot-5",
            "cents": 1000,
            "result": "win",
            "high": "player",
            "low": "player"
          },
          "w2": {
            "spot": "6",
            "player": "bot-6",
            "cents": 1000,
            "result": "push",
            "high": "player",
            "low": "dealer"
          },
          "w3": {
            "spot": "7",
            "player": "bot-7",
            "cents": 1000,
            "result": "lose",
            "high": "dealer",
            "low": "dealer"
          },
          "w5": {
            "spot": "1",
            "player": "alice",
            "cents": 500,
            "result": "lose",
            "class": "No pair",
            "pays": -1
          }
        },
        "exposure": [
          "1",
          "2",
          "5",
          "6",
          "7"
        ],
        "void": null,
        "operations": 22,
        "statement": {
          "format": "paigow-statement/1",
          "record_id": "table#1",
          "void": null,
          "banker": {
            "kind": "house",
            "player": null,
            "position": null
          },
          "wagers": [
            {
              "ref": "w4",
              "owner": "alice",
              "kind": "main",
              "spot": "1",
              "stake": 1000,
              "result": "win",
              "returned": 1000,
              "won": 1000,
              "commission": 50,
              "collection": 0,
              "net": 950
            },
            {
              "ref": "w5",
              "owner": "alice",
              "kind": "pair-fortunes",
              "spot": "1",
              "stake": 500,
              "result": "lose",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -500,
              "pays": -1,
              "class": "No pair"
            },
            {
              "ref": "w6",
              "owner": "bob",
              "kind": "main",
              "spot": "2",
              "stake": 2000,
              "result": "lose",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -2000
            },
            {
              "ref": "w7",
              "owner": "bob",
              "kind": "main",
              "spot": "3",
              "stake": 500,
              "result": "surrender",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -500
            },
            {
              "ref": "w1",
              "owner": "bot-5",
              "kind": "main",
              "spot": "5",
              "stake": 1000,
              "result": "win",
              "returned": 1000,
              "won": 1000,
              "commission": 50,
              "collection": 0,
              "net": 950
            },
            {
              "ref": "w2",
              "owner": "bot-6",
              "kind": "main",
              "spot": "6",
              "stake": 1000,
              "result": "push",
              "returned": 1000,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0
            },
            {
              "ref": "w3",
              "owner": "bot-7",
              "kind": "main",
              "spot": "7",
              "stake": 1000,
              "result": "lose",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -1000
            }
          ],
          "dealer_wager": null,
          "bank": null,
          "players": [
            {
              "player": "alice",
              "seat": "1",
              "before": 50000,
              "net": 450,
              "after": 50450,
              "kept": 0,
              "commission": 50,
              "collection": 0
            },
            {
              "player": "bob",
              "seat": "2",
              "before": 50000,
              "net": -2500,
              "after": 47500,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-5",
              "seat": "5",
              "before": 1000000,
              "net": 950,
              "after": 1000950,
              "kept": 0,
              "commission": 50,
              "collection": 0
            },
            {
              "player": "bot-6",
              "seat": "6",
              "before": 1000000,
              "net": 0,
              "after": 1000000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-7",
              "seat": "7",
              "before": 1000000,
              "net": -1000,
              "after": 999000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            }
          ],
          "spots": [
            {
              "spot": "1",
              "player": "alice",
              "result": "win",
              "net": 450
            },
            {
              "spot": "2",
              "player": "bob",
              "result": "lose",
              "net": -2000
            },
            {
              "spot": "3",
              "player": "bob",
              "result": "surrender",
              "net": -500
            },
            {
              "spot": "5",
              "player": "bot-5",
              "result": "win",
              "net": 950
            },
            {
              "spot": "6",
              "player": "bot-6",
              "result": "push",
              "net": 0
            },
            {
              "spot": "7",
              "player": "bot-7",
              "result": "lose",
              "net": -1000
            }
          ],
          "house": {
            "net": 2100,
            "commission": 100,
            "collection": 0
          }
        }
      },
      "choices": {
        "bank": {
          "kind": "player",
          "co_bank": true
        },
        "wagers": [],
        "remove": [],
        "ready": false,
        "dealer_wager": null,
        "pd_stake": null,
        "cuts": null,
        "styles": [],
        "roll": false,
        "set": [],
        "set_now": [],
        "void_hand": [],
        "bank_set": false,
        "surrender": [],
        "stand": false,
        "seated": true,
        "playing": false,
        "next_round": false,
        "leave": true,
        "sitting_out": false,
        "sit_out": true,
        "returning": false,
        "withdraw_dice_bonus": false,
        "key": "r1-after:offer:alice",
        "sit": null
      }
    }
  },
  "co-cut-alice": {
    "type": "event",
    "table": "co",
    "n": 21,
    "events": [
      {
        "seq": 30,
        "action": "begin",
        "round": 2,
        "notice": {
          "kind": "begin",
          "round": 2
        }
      },
      {
        "seq": 31,
        "action": "shuffle",
        "round": 2,
        "ops": [
          {
            "index": 0,
            "kind": "shuffle",
            "actor": "dealer",
            "data": {}
          }
        ]
      }
    ],
    "state": {
      "table": "co",
      "seq": 31,
      "name": "co",
      "profile": "colorado",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-7": "7",
        "bot-6": "6",
        "bot-5": "5",
        "alice": "1",
        "bob": "2",
        "eve": "4"
      },
      "chips": {
        "bot-7": 999000,
        "bot-6": 1000000,
        "bot-5": 1000950,
        "alice": 50450,
        "bob": 47500,
        "eve": 50000
      },
      "rounds": 1,
      "round_open": true,
      "waiting": {
        "key": "r2:cut",
        "for": "cut",
        "who": [
          "alice"
        ],
        "deadline": 1767225600.0
      },
      "paused": false,
      "held": null,
      "you": "alice",
      "away": [],
      "round": {
        "game": "tiles",
        "phase": "cut",
        "banker": {
          "kind": "player",
          "player": "alice",
          "position": "1"
        },
        "seats": {
          "bot-7": "7",
          "bot-6": "6",
          "bot-5": "5",
          "alice": "1",
          "bob": "2",
          "eve": "4"
        },
        "chips": {
          "bot-7": 999000,
          "bot-6": 1000000,
          "bot-5": 1000950,
          "alice": 50450,
          "bob": 47500,
          "eve": 50000
        },
        "house_way": "regulation",
        "style": "a",
        "dice": null,
        "rng": null,
        "start": null,
        "dragons_eye": null,
        "wagers": [],
        "dealer_wager": 0,
        "pd_stake": 0,
        "positions": {
          "dealer": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "1": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "2": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "3": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "4": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "5": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "6": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "7": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          }
        },
        "unset": [],
        "results": {},
        "exposure": [],
        "void": null,
        "operations": 1,
        "statement": null
      },
      "choices": {
        "bank": null,
        "wagers": [],
        "remove": [],
        "ready": false,
        "dealer_wager": null,
        "pd_stake": null,
        "cuts": [
          "a:1:left",
          "a:1-2:left",
          "a:1-3:left",
          "a:1-4:left",
          "a:1-5:left",
          "a:1-6:left",
          "a:1-7:left",
          "a:2:right",
          "a:2:left",
          "a:2-3:right",
          "a:2-3:left",
          "a:2-4:right",
          "a:2-4:left",
          "a:2-5:right",
          "a:2-5:left",
          "a:2-6:right",
          "a:2-6:left",
          "a:2-7:right",
          "a:2-7:left",
          "a:2-8:right",
          "a:3:right",
          "a:3:left",
          "a:3-4:right",
          "a:3-4:left",
          "a:3-5:right",
          "a:3-5:left",
          "a:3-6:right",
          "a:3-6:left",
          "a:3-7:right",
          "a:3-7:left",
          "a:3-8:right",
          "a:4:right",
          "a:4:left",
          "a:4-5:right",
          "a:4-5:left",
          "a:4-6:right",
          "a:4-6:left",
          "a:4-7:right",
          "a:4-7:left",
          "a:4-8:right",
          "a:5:right",
          "a:5:left",
          "a:5-6:right",
          "a:5-6:left",
          "a:5-7:right",
          "a:5-7:left",
          "a:5-8:right",
          "a:6:right",
          "a:6:left",
          "a:6-7:right",
          "a:6-7:left",
          "a:6-8:right",
          "a:7:right",
          "a:7:left",
          "a:7-8:right",
          "a:8:right",
          "b:1-2:1>left",
          "b:1-3:1>left",
          "b:1-3:1-2>left",
          "b:1-4:1>left",
          "b:1-4:1-2>left",
          "b:1-4:1-3>left",
          "b:1-5:1>left",
          "b:1-5:1-2>left",
          "b:1-5:1-3>left",
          "b:1-5:1-4>left",
          "b:1-6:1>left",
          "b:1-6:1-2>left",
          "b:1-6:1-3>left",
          "b:1-6:1-4>left",
          "b:1-6:1-5>left",
          "b:1-7:1>left",
          "b:1-7:1-2>left",
          "b:1-7:1-3>left",
          "b:1-7:1-4>left",
          "b:1-7:1-5>left",
          "b:1-7:1-6>left",
          "b:1-8:1>left",
          "b:1-8:1-2>left",
          "b:1-8:1-3>left",
          "b:1-8:1-4>left",
          "b:1-8:1-5>left",
          "b:1-8:1-6>left",
          "b:1-8:1-7>left",
          "b:2-3:2>right",
          "b:2-3:2>left",
          "b:2-4:2>right",
          "b:2-4:2>left",
          "b:2-4:2-3>right",
          "b:2-4:2-3>left",
          "b:2-5:2>right",
          "b:2-5:2>left",
          "b:2-5:2-3>right",
          "b:2-5:2-3>left",
          "b:2-5:2-4>right",
          "b:2-5:2-4>left",
          "b:2-6:2>right",
          "b:2-6:2>left",
          "b:2-6:2-3>right",
          "b:2-6:2-3>left",
          "b:2-6:2-4>right",
          "b:2-6:2-4>left",
          "b:2-6:2-5>right",
          "b:2-6:2-5>left",
          "b:2-7:2>right",
          "b:2-7:2>left",
          "b:2-7:2-3>right",
          "b:2-7:2-3>left",
          "b:2-7:2-4>right",
          "b:2-7:2-4>left",
          "b:2-7:2-5>right",
          "b:2-7:2-5>left",
          "b:2-7:2-6>right",
          "b:2-7:2-6>left",
          "b:2-8:2>left",
          "b:2-8:2-3>left",
          "b:2-8:2-4>left",
          "b:2-8:2-5>left",
          "b:2-8:2-6>left",
          "b:2-8:2-7>left",
          "b:3-4:3>right",
          "b:3-4:3>left",
          "b:3-5:3>right",
          "b:3-5:3>left",
          "b:3-5:3-4>right",
          "b:3-5:3-4>left",
          "b:3-6:3>right",
          "b:3-6:3>left",
          "b:3-6:3-4>right",
          "b:3-6:3-4>left",
          "b:3-6:3-5>right",
          "b:3-6:3-5>left",
          "b:3-7:3>right",
          "b:3-7:3>left",
          "b:3-7:3-4>right",
          "b:3-7:3-4>left",
          "b:3-7:3-5>right",
          "b:3-7:3-5>left",
          "b:3-7:3-6>right",
          "b:3-7:3-6>left",
          "b:3-8:3>left",
          "b:3-8:3-4>left",
          "b:3-8:3-5>left",
          "b:3-8:3-6>left",
          "b:3-8:3-7>left",
          "b:4-5:4>right",
          "b:4-5:4>left",
          "b:4-6:4>right",
          "b:4-6:4>left",
          "b:4-6:4-5>right",
          "b:4-6:4-5>left",
          "b:4-7:4>right",
          "b:4-7:4>left",
          "b:4-7:4-5>right",
          "b:4-7:4-5>left",
          "b:4-7:4-6>right",
          "b:4-7:4-6>left",
          "b:4-8:4>left",
          "b:4-8:4-5>left",
          "b:4-8:4-6>left",
          "b:4-8:4-7>left",
          "b:5-6:5>right",
          "b:5-6:5>left",
          "b:5-7:5>right",
          "b:5-7:5>left",
          "b:5-7:5-6>right",
          "b:5-7:5-6>left",
          "b:5-8:5>left",
          "b:5-8:5-6>left",
          "b:5-8:5-7>left",
          "b:6-7:6>right",
          "b:6-7:6>left",
          "b:6-8:6>left",
          "b:6-8:6-7>left",
          "b:7-8:7>left"
        ],
        "styles": [],
        "roll": false,
        "set": [],
        "set_now": [],
        "void_hand": [],
        "bank_set": false,
        "surrender": [],
        "stand": false,
        "seated": true,
        "playing": true,
        "next_round": false,
        "leave": true,
        "sitting_out": false,
        "sit_out": true,
        "returning": false,
        "withdraw_dice_bonus": false,
        "key": "r2:cut",
        "sit": null
      }
    }
  },
  "co-bank-wagers-alice": {
    "type": "event",
    "table": "co",
    "n": 22,
    "events": [
      {
        "seq": 32,
        "action": "cut",
        "round": 2,
        "ops": [
          {
            "index": 1,
            "kind": "cut",
            "actor": "bank",
            "data": {
              "cut": "a:3-4:right"
            }
          }
        ]
      },
      {
        "seq": 33,
        "action": "dealer_wager",
        "round": 2,
        "ops": [
          {
            "index": 2,
            "kind": "dealer_wager",
            "actor": "dealer",
            "data": {
              "cents": 1000
            }
          }
        ]
      },
      {
        "seq": 34,
        "action": "wager",
        "round": 2,
        "ops": [
          {
            "index": 3,
            "kind": "wager",
            "actor": "player:bot-5",
            "data": {
              "ref": "w1",
              "player": "bot-5",
              "spot": "5",
              "cents": 1000,
              "kind": "main",
              "derived": false
            }
          }
        ]
      },
      {
        "seq": 35,
        "action": "wager",
        "round": 2,
        "ops": [
          {
            "index": 4,
            "kind": "wager",
            "actor": "player:bot-6",
            "data": {
              "ref": "w2",
              "player": "bot-6",
              "spot": "6",
              "cents": 1000,
              "kind": "main",
              "derived": false
            }
          }
        ]
      },
      {
        "seq": 36,
        "action": "wager",
        "round": 2,
        "ops": [
          {
            "index": 5,
            "kind": "wager",
            "actor": "player:bot-7",
            "data": {
              "ref": "w3",
              "player": "bot-7",
              "spot": "7",
              "cents": 1000,
              "kind": "main",
              "derived": false
            }
          }
        ]
      }
    ],
    "state": {
      "table": "co",
      "seq": 36,
      "name": "co",
      "profile": "colorado",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-7": "7",
        "bot-6": "6",
        "bot-5": "5",
        "alice": "1",
        "bob": "2",
        "eve": "4"
      },
      "chips": {
        "bot-7": 998000,
        "bot-6": 999000,
        "bot-5": 999950,
        "alice": 50450,
        "bob": 47500,
        "eve": 50000
      },
      "rounds": 1,
      "round_open": true,
      "waiting": {
        "key": "r2:wagers",
        "for": "wagers",
        "who": [
          "alice",
          "bob",
          "eve"
        ],
        "deadline": 1767225600.0
      },
      "paused": false,
      "held": null,
      "you": "alice",
      "away": [],
      "round": {
        "game": "tiles",
        "phase": "wagers",
        "banker": {
          "kind": "player",
          "player": "alice",
          "position": "1"
        },
        "seats": {
          "bot-7": "7",
          "bot-6": "6",
          "bot-5": "5",
          "alice": "1",
          "bob": "2",
          "eve": "4"
        },
        "chips": {
          "bot-7": 998000,
          "bot-6": 999000,
          "bot-5": 999950,
          "alice": 50450,
          "bob": 47500,
          "eve": 50000
        },
        "house_way": "regulation",
        "style": "a",
        "dice": null,
        "rng": null,
        "start": null,
        "dragons_eye": null,
        "wagers": [
          {
            "ref": "w1",
            "player": "bot-5",
            "spot": "5",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w2",
            "player": "bot-6",
            "spot": "6",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w3",
            "player": "bot-7",
            "spot": "7",
            "kind": "main",
            "cents": 1000,
            "result": null
          }
        ],
        "dealer_wager": 1000,
        "pd_stake": 0,
        "positions": {
          "dealer": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "1": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "2": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "3": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "4": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "5": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "6": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "7": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          }
        },
        "unset": [],
        "results": {},
        "exposure": [],
        "void": null,
        "operations": 6,
        "statement": null
      },
      "choices": {
        "bank": null,
        "wagers": [],
        "remove": [],
        "ready": true,
        "dealer_wager": {
          "min": 0,
          "max": 1000
        },
        "pd_stake": null,
        "cuts": null,
        "styles": [],
        "roll": false,
        "set": [],
        "set_now": [],
        "void_hand": [],
        "bank_set": false,
        "surrender": [],
        "stand": false,
        "seated": true,
        "playing": true,
        "next_round": false,
        "leave": true,
        "sitting_out": false,
        "sit_out": true,
        "returning": false,
        "withdraw_dice_bonus": false,
        "key": "r2:wagers",
        "sit": null
      }
    }
  },
  "co-style-alice": {
    "type": "event",
    "table": "co",
    "n": 27,
    "events": [
      {
        "seq": 39,
        "action": "no_more_bets",
        "round": 2,
        "ops": [
          {
            "index": 8,
            "kind": "no_more_bets",
            "actor": "dealer",
            "data": {}
          }
        ]
      }
    ],
    "state": {
      "table": "co",
      "seq": 39,
      "name": "co",
      "profile": "colorado",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-7": "7",
        "bot-6": "6",
        "bot-5": "5",
        "alice": "1",
        "bob": "2",
        "eve": "4"
      },
      "chips": {
        "bot-7": 998000,
        "bot-6": 999000,
        "bot-5": 999950,
        "alice": 50450,
        "bob": 46000,
        "eve": 48500
      },
      "rounds": 1,
      "round_open": true,
      "waiting": {
        "key": "r2:style",
        "for": "style",
        "who": [
          "alice"
        ],
        "deadline": 1767225600.0
      },
      "paused": false,
      "held": null,
      "you": "alice",
      "away": [],
      "round": {
        "game": "tiles",
        "phase": "style",
        "banker": {
          "kind": "player",
          "player": "alice",
          "position": "1"
        },
        "seats": {
          "bot-7": "7",
          "bot-6": "6",
          "bot-5": "5",
          "alice": "1",
          "bob": "2",
          "eve": "4"
        },
        "chips": {
          "bot-7": 998000,
          "bot-6": 999000,
          "bot-5": 999950,
          "alice": 50450,
          "bob": 46000,
          "eve": 48500
        },
        "house_way": "regulation",
        "style": "a",
        "dice": null,
        "rng": null,
        "start": null,
        "dragons_eye": null,
        "wagers": [
          {
            "ref": "w1",
            "player": "bot-5",
            "spot": "5",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w2",
            "player": "bot-6",
            "spot": "6",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w3",
            "player": "bot-7",
            "spot": "7",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w4",
            "player": "bob",
            "spot": "2",
            "kind": "main",
            "cents": 1500,
            "result": null
          },
          {
            "ref": "w5",
            "player": "eve",
            "spot": "4",
            "kind": "main",
            "cents": 1500,
            "result": null
          }
        ],
        "dealer_wager": 1000,
        "pd_stake": 0,
        "positions": {
          "dealer": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "1": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "2": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "3": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "4": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "5": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "6": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "7": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          }
        },
        "unset": [],
        "results": {},
        "exposure": [],
        "void": null,
        "operations": 9,
        "statement": null
      },
      "choices": {
        "bank": null,
        "wagers": [],
        "remove": [],
        "ready": false,
        "dealer_wager": null,
        "pd_stake": null,
        "cuts": null,
        "styles": [
          "a",
          "b",
          "c",
          "d",
          "e",
          "f",
          "g",
          "h",
          "i",
          "j"
        ],
        "roll": false,
        "set": [],
        "set_now": [],
        "void_hand": [],
        "bank_set": false,
        "surrender": [],
        "stand": false,
        "seated": true,
        "playing": true,
        "next_round": false,
        "leave": true,
        "sitting_out": false,
        "sit_out": true,
        "returning": false,
        "withdraw_dice_bonus": false,
        "key": "r2:style",
        "sit": null
      }
    }
  },
  "co-bank-set-alice": {
    "type": "event",
    "table": "co",
    "n": 30,
    "events": [
      {
        "seq": 47,
        "action": "house_way",
        "round": 2,
        "ops": [
          {
            "index": 16,
            "kind": "house_way",
            "actor": "dealer",
            "data": {
              "spot": "4"
            }
          }
        ]
      }
    ],
    "state": {
      "table": "co",
      "seq": 47,
      "name": "co",
      "profile": "colorado",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-7": "7",
        "bot-6": "6",
        "bot-5": "5",
        "alice": "1",
        "bob": "2",
        "eve": "4"
      },
      "chips": {
        "bot-7": 998000,
        "bot-6": 999000,
        "bot-5": 999950,
        "alice": 50450,
        "bob": 46000,
        "eve": 48500
      },
      "rounds": 1,
      "round_open": true,
      "waiting": {
        "key": "r2:bank",
        "for": "bank_set",
        "who": [
          "alice"
        ],
        "deadline": 1767225600.0
      },
      "paused": false,
      "held": null,
      "you": "alice",
      "away": [],
      "round": {
        "game": "tiles",
        "phase": "bank",
        "banker": {
          "kind": "player",
          "player": "alice",
          "position": "1"
        },
        "seats": {
          "bot-7": "7",
          "bot-6": "6",
          "bot-5": "5",
          "alice": "1",
          "bob": "2",
          "eve": "4"
        },
        "chips": {
          "bot-7": 998000,
          "bot-6": 999000,
          "bot-5": 999950,
          "alice": 50450,
          "bob": 46000,
          "eve": 48500
        },
        "house_way": "regulation",
        "style": "c",
        "dice": [
          2,
          5,
          3
        ],
        "rng": null,
        "start": "2",
        "dragons_eye": null,
        "wagers": [
          {
            "ref": "w1",
            "player": "bot-5",
            "spot": "5",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w2",
            "player": "bot-6",
            "spot": "6",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w3",
            "player": "bot-7",
            "spot": "7",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w4",
            "player": "bob",
            "spot": "2",
            "kind": "main",
            "cents": 1500,
            "result": null
          },
          {
            "ref": "w5",
            "player": "eve",
            "spot": "4",
            "kind": "main",
            "cents": 1500,
            "result": null
          }
        ],
        "dealer_wager": 1000,
        "pd_stake": 0,
        "positions": {
          "dealer": {
            "dealt": true,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "1": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "3-6",
              "4-4",
              "4-6",
              "4-5"
            ],
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "2": {
            "dealt": true,
            "collected": false,
            "pieces": null,
            "set": true,
            "setting": null,
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "3": {
            "dealt": false,
            "collected": true,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "4": {
            "dealt": true,
            "collected": false,
            "pieces": null,
            "set": true,
            "setting": null,
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "5": {
            "dealt": true,
            "collected": false,
            "pieces": null,
            "set": true,
            "setting": null,
            "set_by": "bot-5",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "6": {
            "dealt": true,
            "collected": false,
            "pieces": null,
            "set": true,
            "setting": null,
            "set_by": "bot-6",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "7": {
            "dealt": true,
            "collected": false,
            "pieces": null,
            "set": true,
            "setting": null,
            "set_by": "bot-7",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          }
        },
        "unset": [],
        "results": {},
        "exposure": [],
        "void": null,
        "operations": 17,
        "statement": null
      },
      "choices": {
        "bank": null,
        "wagers": [],
        "remove": [],
        "ready": false,
        "dealer_wager": null,
        "pd_stake": null,
        "cuts": null,
        "styles": [],
        "roll": false,
        "set": [],
        "set_now": [],
        "void_hand": [],
        "bank_set": true,
        "surrender": [],
        "stand": false,
        "seated": true,
        "playing": true,
        "next_round": false,
        "leave": true,
        "sitting_out": false,
        "sit_out": true,
        "returning": false,
        "withdraw_dice_bonus": false,
        "key": "r2:bank",
        "sit": null
      }
    }
  },
  "co-settled-bank-alice": {
    "type": "event",
    "table": "co",
    "n": 33,
    "events": [
      {
        "seq": 49,
        "action": "settle",
        "round": 2,
        "ops": [
          {
            "index": 18,
            "kind": "settle",
            "actor": "dealer",
            "data": {
              "results": {
                "w4": {
                  "spot": "2",
                  "player": "bob",
                  "cents": 1500,
                  "result": "lose",
                  "high": "dealer",
                  "low": "dealer"
                },
                "w5": {
                  "spot": "4",
                  "player": "eve",
                  "cents": 1500,
                  "result": "lose",
                  "high": "dealer",
                  "low": "dealer"
                },
                "w1": {
                  "spot": "5",
                  "player": "bot-5",
                  "cents": 1000,
                  "result": "lose",
                  "high": "dealer",
                  "low": "dealer"
                },
                "w2": {
                  "spot": "6",
                  "player": "bot-6",
                  "cents": 1000,
                  "result": "lose",
                  "high": "dealer",
                  "low": "dealer"
                },
                "w3": {
                  "spot": "7",
                  "player": "bot-7",
                  "cents": 1000,
                  "result": "push",
                  "high": "player",
                  "low": "dealer"
                },
                "dealer": {
                  "spot": "dealer",
                  "player": "dealer",
                  "cents": 1000,
                  "result": "push",
                  "high": "player",
                  "low": "dealer"
                }
              }
            }
          }
        ]
      },
      {
        "seq": 50,
        "action": "finish",
        "round": 2,
        "notice": {
          "kind": "finish",
          "round": 2
        }
      }
    ],
    "state": {
      "table": "co",
      "seq": 50,
      "name": "co",
      "profile": "colorado",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-7": "7",
        "bot-6": "6",
        "bot-5": "5",
        "alice": "1",
        "bob": "2",
        "eve": "4"
      },
      "chips": {
        "bot-7": 999000,
        "bot-6": 999000,
        "bot-5": 999950,
        "alice": 55200,
        "bob": 46000,
        "eve": 48500
      },
      "rounds": 2,
      "round_open": false,
      "waiting": {
        "key": "r2-after:pause",
        "for": "next round",
        "who": [],
        "deadline": 1767225600.0
      },
      "paused": false,
      "held": null,
      "you": "alice",
      "away": [],
      "round": {
        "game": "tiles",
        "phase": "done",
        "banker": {
          "kind": "player",
          "player": "alice",
          "position": "1"
        },
        "seats": {
          "bot-7": "7",
          "bot-6": "6",
          "bot-5": "5",
          "alice": "1",
          "bob": "2",
          "eve": "4"
        },
        "chips": {
          "bot-7": 999000,
          "bot-6": 999000,
          "bot-5": 999950,
          "alice": 55200,
          "bob": 46000,
          "eve": 48500
        },
        "house_way": "regulation",
        "style": "c",
        "dice": [
          2,
          5,
          3
        ],
        "rng": null,
        "start": "2",
        "dragons_eye": null,
        "wagers": [
          {
            "ref": "w1",
            "player": "bot-5",
            "spot": "5",
            "kind": "main",
            "cents": 1000,
            "result": "lose"
          },
          {
            "ref": "w2",
            "player": "bot-6",
            "spot": "6",
            "kind": "main",
            "cents": 1000,
            "result": "lose"
          },
          {
            "ref": "w3",
            "player": "bot-7",
            "spot": "7",
            "kind": "main",
            "cents": 1000,
            "result": "push"
          },
          {
            "ref": "w4",
            "player": "bob",
            "spot": "2",
            "kind": "main",
            "cents": 1500,
            "result": "lose"
          },
          {
            "ref": "w5",
            "player": "eve",
            "spot": "4",
            "kind": "main",
            "cents": 1500,
            "result": "lose"
          }
        ],
        "dealer_wager": 1000,
        "pd_stake": 0,
        "positions": {
          "dealer": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "1-6",
              "3-3",
              "1-6",
              "4-4"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-6",
                "1-6"
              ],
              "low": [
                "4-4",
                "3-3"
              ]
            },
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "1": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "3-6",
              "4-4",
              "4-6",
              "4-5"
            ],
            "set": true,
            "setting": {
              "high": [
                "3-6",
                "4-5"
              ],
              "low": [
                "4-4",
                "4-6"
              ]
            },
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "2": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "2-6",
              "1-1",
              "2-3",
              "5-6"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-1",
                "2-6"
              ],
              "low": [
                "5-6",
                "2-3"
              ]
            },
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "3": {
            "dealt": false,
            "collected": true,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "4": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "1-5",
              "4-6",
              "2-5",
              "2-2"
            ],
            "set": true,
            "setting": {
              "high": [
                "4-6",
                "2-5"
              ],
              "low": [
                "2-2",
                "1-5"
              ]
            },
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "5": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "1-5",
              "2-2",
              "6-6",
              "5-6"
            ],
            "set": true,
            "setting": {
              "high": [
                "6-6",
                "1-5"
              ],
              "low": [
                "2-2",
                "5-6"
              ]
            },
            "set_by": "bot-5",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "6": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "5-5",
              "3-4",
              "1-4",
              "1-3"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-3",
                "1-4"
              ],
              "low": [
                "5-5",
                "3-4"
              ]
            },
            "set_by": "bot-6",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "7": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "1-1",
              "6-6",
              "1-2",
              "2-4"
            ],
            "set": true,
            "setting": {
              "high": [
                "2-4",
                "1-2"
              ],
              "low": [
                "6-6",
                "1-1"
              ]
            },
            "set_by": "bot-7",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          }
        },
        "unset": [],
        "results": {
          "w4": {
            "spot": "2",
            "player": "bob",
            "cents": 1500,
            "result": "lose",
            "high": "dealer",
            "low": "dealer"
          },
          "w5": {
            "spot": "4",
            "player": "eve",
            "cents": 1500,
            "result": "lose",
            "high": "dealer",
            "low": "dealer"
          },
          "w1": {
            "spot": "5",
            "player": "bot-5",
            "cents": 1000,
            "result": "lose",
            "high": "dealer",
            "low": "dealer"
          },
          "w2": {
            "spot": "6",
            "player": "bot-6",
            "cents": 1000,
            "result": "lose",
            "high": "dealer",
            "low": "dealer"
          },
          "w3": {
            "spot": "7",
            "player": "bot-7",
            "cents": 1000,
            "result": "push",
            "high": "player",
            "low": "dealer"
          },
          "dealer": {
            "spot": "dealer",
            "player": "dealer",
            "cents": 1000,
            "result": "push",
            "high": "player",
            "low": "dealer"
          }
        },
        "exposure": [
          "2",
          "4",
          "5",
          "6",
          "7"
        ],
        "void": null,
        "operations": 19,
        "statement": {
          "format": "paigow-statement/1",
          "record_id": "table#2",
          "void": null,
          "banker": {
            "kind": "player",
            "player": "alice",
            "position": "1"
          },
          "wagers": [
            {
              "ref": "w4",
              "owner": "bob",
              "kind": "main",
              "spot": "2",
              "stake": 1500,
              "result": "lose",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -1500
            },
            {
              "ref": "w5",
              "owner": "eve",
              "kind": "main",
              "spot": "4",
              "stake": 1500,
              "result": "lose",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -1500
            },
            {
              "ref": "w1",
              "owner": "bot-5",
              "kind": "main",
              "spot": "5",
              "stake": 1000,
              "result": "lose",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -1000
            },
            {
              "ref": "w2",
              "owner": "bot-6",
              "kind": "main",
              "spot": "6",
              "stake": 1000,
              "result": "lose",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -1000
            },
            {
              "ref": "w3",
              "owner": "bot-7",
              "kind": "main",
              "spot": "7",
              "stake": 1000,
              "result": "push",
              "returned": 1000,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0
            }
          ],
          "dealer_wager": {
            "stake": 1000,
            "result": "push",
            "returned": 1000,
            "won": 0,
            "net": 0
          },
          "bank": {
            "player": "alice",
            "kind": "player",
            "position": "1",
            "net": 4750,
            "lines": [
              {
                "what": "wagers lost to the bank",
                "cents": 5000
              },
              {
                "what": "winning wagers paid",
                "cents": 0
              },
              {
                "what": "the dealer's wager",
                "cents": 0
              },
              {
                "what": "commission on the bank's win",
                "cents": -250
              }
            ],
            "commission": 250,
            "collection": 0,
            "centre": {
              "taken": 5000,
              "paid": 0,
              "shortfall": 0,
              "house_shortfall": 0,
              "house_half": 0,
              "commission": 250,
              "surplus": 4750
            }
          },
          "players": [
            {
              "player": "alice",
              "seat": "1",
              "before": 50450,
              "net": 4750,
              "after": 55200,
              "kept": 0,
              "commission": 250,
              "collection": 0
            },
            {
              "player": "bob",
              "seat": "2",
              "before": 47500,
              "net": -1500,
              "after": 46000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "eve",
              "seat": "4",
              "before": 50000,
              "net": -1500,
              "after": 48500,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-5",
              "seat": "5",
              "before": 1000950,
              "net": -1000,
              "after": 999950,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-6",
              "seat": "6",
              "before": 1000000,
              "net": -1000,
              "after": 999000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-7",
              "seat": "7",
              "before": 999000,
              "net": 0,
              "after": 999000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            }
          ],
          "spots": [
            {
              "spot": "2",
              "player": "bob",
              "result": "lose",
              "net": -1500
            },
            {
              "spot": "4",
              "player": "eve",
              "result": "lose",
              "net": -1500
            },
            {
              "spot": "5",
              "player": "bot-5",
              "result": "lose",
              "net": -1000
            },
            {
              "spot": "6",
              "player": "bot-6",
              "result": "lose",
              "net": -1000
            },
            {
              "spot": "7",
              "player": "bot-7",
              "result": "push",
              "net": 0
            },
            {
              "spot": "1",
              "player": "alice",
              "result": "bank",
              "net": 4750
            }
          ],
          "house": {
            "net": 250,
            "commission": 250,
            "collection": 0
          }
        }
      },
      "choices": {
        "bank": null,
        "wagers": [],
        "remove": [],
        "ready": false,
        "dealer_wager": null,
        "pd_stake": null,
        "cuts": null,
        "styles": [],
        "roll": false,
        "set": [],
        "set_now": [],
        "void_hand": [],
        "bank_set": false,
        "surrender": [],
        "stand": false,
        "seated": true,
        "playing": false,
        "next_round": false,
        "leave": true,
        "sitting_out": false,
        "sit_out": true,
        "returning": false,
        "withdraw_dice_bonus": false,
        "key": null,
        "sit": null
      }
    }
  },
  "co-settled-bank-bob": {
    "type": "event",
    "table": "co",
    "n": 33,
    "events": [
      {
        "seq": 49,
        "action": "settle",
        "round": 2,
        "ops": [
          {
            "index": 18,
            "kind": "settle",
            "actor": "dealer",
            "data": {
              "results": {
                "w4": {
                  "spot": "2",
                  "player": "bob",
                  "cents": 1500,
                  "result": "lose",
                  "high": "dealer",
                  "low": "dealer"
                },
                "w5": {
                  "spot": "4",
                  "player": "eve",
                  "cents": 1500,
                  "result": "lose",
                  "high": "dealer",
                  "low": "dealer"
                },
                "w1": {
                  "spot": "5",
                  "player": "bot-5",
                  "cents": 1000,
                  "result": "lose",
                  "high": "dealer",
                  "low": "dealer"
                },
                "w2": {
                  "spot": "6",
                  "player": "bot-6",
                  "cents": 1000,
                  "result": "lose",
                  "high": "dealer",
                  "low": "dealer"
                },
                "w3": {
                  "spot": "7",
                  "player": "bot-7",
                  "cents": 1000,
                  "result": "push",
                  "high": "player",
                  "low": "dealer"
                },
                "dealer": {
                  "spot": "dealer",
                  "player": "dealer",
                  "cents": 1000,
                  "result": "push",
                  "high": "player",
                  "low": "dealer"
                }
              }
            }
          }
        ]
      },
      {
        "seq": 50,
        "action": "finish",
        "round": 2,
        "notice": {
          "kind": "finish",
          "round": 2
        }
      }
    ],
    "state": {
      "table": "co",
      "seq": 50,
      "name": "co",
      "profile": "colorado",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-7": "7",
        "bot-6": "6",
        "bot-5": "5",
        "alice": "1",
        "bob": "2",
        "eve": "4"
      },
      "chips": {
        "bot-7": 999000,
        "bot-6": 999000,
        "bot-5": 999950,
        "alice": 55200,
        "bob": 46000,
        "eve": 48500
      },
      "rounds": 2,
      "round_open": false,
      "waiting": {
        "key": "r2-after:pause",
        "for": "next round",
        "who": [],
        "deadline": 1767225600.0
      },
      "paused": false,
      "held": null,
      "you": "bob",
      "away": [],
      "round": {
        "game": "tiles",
        "phase": "done",
        "banker": {
          "kind": "player",
          "player": "alice",
          "position": "1"
        },
        "seats": {
          "bot-7": "7",
          "bot-6": "6",
          "bot-5": "5",
          "alice": "1",
          "bob": "2",
          "eve": "4"
        },
        "chips": {
          "bot-7": 999000,
          "bot-6": 999000,
          "bot-5": 999950,
          "alice": 55200,
          "bob": 46000,
          "eve": 48500
        },
        "house_way": "regulation",
        "style": "c",
        "dice": [
          2,
          5,
          3
        ],
        "rng": null,
        "start": "2",
        "dragons_eye": null,
        "wagers": [
          {
            "ref": "w1",
            "player": "bot-5",
            "spot": "5",
            "kind": "main",
            "cents": 1000,
            "result": "lose"
          },
          {
            "ref": "w2",
            "player": "bot-6",
            "spot": "6",
            "kind": "main",
            "cents": 1000,
            "result": "lose"
          },
          {
            "ref": "w3",
            "player": "bot-7",
            "spot": "7",
            "kind": "main",
            "cents": 1000,
            "result": "push"
          },
          {
            "ref": "w4",
            "player": "bob",
            "spot": "2",
            "kind": "main",
            "cents": 1500,
            "result": "lose"
          },
          {
            "ref": "w5",
            "player": "eve",
            "spot": "4",
            "kind": "main",
            "cents": 1500,
            "result": "lose"
          }
        ],
        "dealer_wager": 1000,
        "pd_stake": 0,
        "positions": {
          "dealer": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "1-6",
              "3-3",
              "1-6",
              "4-4"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-6",
                "1-6"
              ],
              "low": [
                "4-4",
                "3-3"
              ]
            },
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "1": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "3-6",
              "4-4",
              "4-6",
              "4-5"
            ],
            "set": true,
            "setting": {
              "high": [
                "3-6",
                "4-5"
              ],
              "low": [
                "4-4",
                "4-6"
              ]
            },
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "2": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "2-6",
              "1-1",
              "2-3",
              "5-6"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-1",
                "2-6"
              ],
              "low": [
                "5-6",
                "2-3"
              ]
            },
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "3": {
            "dealt": false,
            "collected": true,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "4": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "1-5",
              "4-6",
              "2-5",
              "2-2"
            ],
            "set": true,
            "setting": {
              "high": [
                "4-6",
                "2-5"
              ],
              "low": [
                "2-2",
                "1-5"
              ]
            },
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "5": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "1-5",
              "2-2",
              "6-6",
              "5-6"
            ],
            "set": true,
            "setting": {
              "high": [
                "6-6",
                "1-5"
              ],
              "low": [
                "2-2",
                "5-6"
              ]
            },
            "set_by": "bot-5",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "6": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "5-5",
              "3-4",
              "1-4",
              "1-3"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-3",
                "1-4"
              ],
              "low": [
                "5-5",
                "3-4"
              ]
            },
            "set_by": "bot-6",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "7": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "1-1",
              "6-6",
              "1-2",
              "2-4"
            ],
            "set": true,
            "setting": {
              "high": [
                "2-4",
                "1-2"
              ],
              "low": [
                "6-6",
                "1-1"
              ]
            },
            "set_by": "bot-7",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          }
        },
        "unset": [],
        "results": {
          "w4": {
            "spot": "2",
            "player": "bob",
            "cents": 1500,
            "result": "lose",
            "high": "dealer",
            "low": "dealer"
          },
          "w5": {
            "spot": "4",
            "player": "eve",
            "cents": 1500,
            "result": "lose",
            "high": "dealer",
            "low": "dealer"
          },
          "w1": {
            "spot": "5",
            "player": "bot-5",
            "cents": 1000,
            "result": "lose",
            "high": "dealer",
            "low": "dealer"
          },
          "w2": {
            "spot": "6",
            "player": "bot-6",
            "cents": 1000,
            "result": "lose",
            "high": "dealer",
            "low": "dealer"
          },
          "w3": {
            "spot": "7",
            "player": "bot-7",
            "cents": 1000,
            "result": "push",
            "high": "player",
            "low": "dealer"
          },
          "dealer": {
            "spot": "dealer",
            "player": "dealer",
            "cents": 1000,
            "result": "push",
            "high": "player",
            "low": "dealer"
          }
        },
        "exposure": [
          "2",
          "4",
          "5",
          "6",
          "7"
        ],
        "void": null,
        "operations": 19,
        "statement": {
          "format": "paigow-statement/1",
          "record_id": "table#2",
          "void": null,
          "banker": {
            "kind": "player",
            "player": "alice",
            "position": "1"
          },
          "wagers": [
            {
              "ref": "w4",
              "owner": "bob",
              "kind": "main",
              "spot": "2",
              "stake": 1500,
              "result": "lose",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -1500
            },
            {
              "ref": "w5",
              "owner": "eve",
              "kind": "main",
              "spot": "4",
              "stake": 1500,
              "result": "lose",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -1500
            },
            {
              "ref": "w1",
              "owner": "bot-5",
              "kind": "main",
              "spot": "5",
              "stake": 1000,
              "result": "lose",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -1000
            },
            {
              "ref": "w2",
              "owner": "bot-6",
              "kind": "main",
              "spot": "6",
              "stake": 1000,
              "result": "lose",
              "returned": 0,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": -1000
            },
            {
              "ref": "w3",
              "owner": "bot-7",
              "kind": "main",
              "spot": "7",
              "stake": 1000,
              "result": "push",
              "returned": 1000,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0
            }
          ],
          "dealer_wager": {
            "stake": 1000,
            "result": "push",
            "returned": 1000,
            "won": 0,
            "net": 0
          },
          "bank": {
            "player": "alice",
            "kind": "player",
            "position": "1",
            "net": 4750,
            "lines": [
              {
                "what": "wagers lost to the bank",
                "cents": 5000
              },
              {
                "what": "winning wagers paid",
                "cents": 0
              },
              {
                "what": "the dealer's wager",
                "cents": 0
              },
              {
                "what": "commission on the bank's win",
                "cents": -250
              }
            ],
            "commission": 250,
            "collection": 0,
            "centre": {
              "taken": 5000,
              "paid": 0,
              "shortfall": 0,
              "house_shortfall": 0,
              "house_half": 0,
              "commission": 250,
              "surplus": 4750
            }
          },
          "players": [
            {
              "player": "alice",
              "seat": "1",
              "before": 50450,
              "net": 4750,
              "after": 55200,
              "kept": 0,
              "commission": 250,
              "collection": 0
            },
            {
              "player": "bob",
              "seat": "2",
              "before": 47500,
              "net": -1500,
              "after": 46000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "eve",
              "seat": "4",
              "before": 50000,
              "net": -1500,
              "after": 48500,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-5",
              "seat": "5",
              "before": 1000950,
              "net": -1000,
              "after": 999950,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-6",
              "seat": "6",
              "before": 1000000,
              "net": -1000,
              "after": 999000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-7",
              "seat": "7",
              "before": 999000,
              "net": 0,
              "after": 999000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            }
          ],
          "spots": [
            {
              "spot": "2",
              "player": "bob",
              "result": "lose",
              "net": -1500
            },
            {
              "spot": "4",
              "player": "eve",
              "result": "lose",
              "net": -1500
            },
            {
              "spot": "5",
              "player": "bot-5",
              "result": "lose",
              "net": -1000
            },
            {
              "spot": "6",
              "player": "bot-6",
              "result": "lose",
              "net": -1000
            },
            {
              "spot": "7",
              "player": "bot-7",
              "result": "push",
              "net": 0
            },
            {
              "spot": "1",
              "player": "alice",
              "result": "bank",
              "net": 4750
            }
          ],
          "house": {
            "net": 250,
            "commission": 250,
            "collection": 0
          }
        }
      },
      "choices": {
        "bank": null,
        "wagers": [],
        "remove": [],
        "ready": false,
        "dealer_wager": null,
        "pd_stake": null,
        "cuts": null,
        "styles": [],
        "roll": false,
        "set": [],
        "set_now": [],
        "void_hand": [],
        "bank_set": false,
        "surrender": [],
        "stand": false,
        "seated": true,
        "playing": false,
        "next_round": false,
        "leave": true,
        "sitting_out": false,
        "sit_out": true,
        "returning": false,
        "withdraw_dice_bonus": false,
        "key": null,
        "sit": null
      }
    }
  },
  "lc-offer-carol": {
    "type": "event",
    "table": "lc",
    "n": 6,
    "events": [],
    "state": {
      "table": "lc",
      "seq": 5,
      "name": "lc",
      "profile": "lucky-chances",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-8": "8",
        "bot-7": "7",
        "bot-6": "6",
        "carol": "1",
        "dave": "2"
      },
      "chips": {
        "bot-8": 1000000,
        "bot-7": 1000000,
        "bot-6": 1000000,
        "carol": 50000,
        "dave": 50000
      },
      "rounds": 0,
      "round_open": false,
      "waiting": {
        "key": "r0:offer:carol",
        "for": "bank offer",
        "who": [
          "carol"
        ],
        "deadline": 1767225600.0
      },
      "paused": false,
      "held": null,
      "you": "carol",
      "away": [],
      "round": null,
      "choices": {
        "bank": {
          "kind": "player-dealer",
          "co_bank": false
        },
        "wagers": [],
        "remove": [],
        "ready": false,
        "dealer_wager": null,
        "pd_stake": null,
        "cuts": null,
        "styles": [],
        "roll": false,
        "set": [],
        "set_now": [],
        "void_hand": [],
        "bank_set": false,
        "surrender": [],
        "stand": false,
        "seated": true,
        "playing": false,
        "next_round": false,
        "leave": true,
        "sitting_out": false,
        "sit_out": true,
        "returning": false,
        "withdraw_dice_bonus": false,
        "key": "r0:offer:carol",
        "sit": null
      }
    }
  },
  "lc-stake-carol": {
    "type": "event",
    "table": "lc",
    "n": 7,
    "events": [
      {
        "seq": 6,
        "action": "begin",
        "round": 1,
        "notice": {
          "kind": "begin",
          "round": 1
        }
      },
      {
        "seq": 7,
        "action": "shuffle",
        "round": 1,
        "ops": [
          {
            "index": 0,
            "kind": "shuffle",
            "actor": "dealer",
            "data": {}
          }
        ]
      },
      {
        "seq": 8,
        "action": "wager",
        "round": 1,
        "ops": [
          {
            "index": 1,
            "kind": "wager",
            "actor": "player:bot-6",
            "data": {
              "ref": "w1",
              "player": "bot-6",
              "spot": "6",
              "cents": 1000,
              "kind": "main",
              "derived": false
            }
          }
        ]
      },
      {
        "seq": 9,
        "action": "wager",
        "round": 1,
        "ops": [
          {
            "index": 2,
            "kind": "wager",
            "actor": "player:bot-7",
            "data": {
              "ref": "w2",
              "player": "bot-7",
              "spot": "7",
              "cents": 1000,
              "kind": "main",
              "derived": false
            }
          }
        ]
      },
      {
        "seq": 10,
        "action": "wager",
        "round": 1,
        "ops": [
          {
            "index": 3,
            "kind": "wager",
            "actor": "player:bot-8",
            "data": {
              "ref": "w3",
              "player": "bot-8",
              "spot": "8",
              "cents": 1000,
              "kind": "main",
              "derived": false
            }
          }
        ]
      }
    ],
    "state": {
      "table": "lc",
      "seq": 10,
      "name": "lc",
      "profile": "lucky-chances",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-8": "8",
        "bot-7": "7",
        "bot-6": "6",
        "carol": "1",
        "dave": "2"
      },
      "chips": {
        "bot-8": 999000,
        "bot-7": 999000,
        "bot-6": 999000,
        "carol": 50000,
        "dave": 50000
      },
      "rounds": 0,
      "round_open": true,
      "waiting": {
        "key": "r1:wagers",
        "for": "wagers",
        "who": [
          "carol",
          "dave"
        ],
        "deadline": 1767225600.0
      },
      "paused": false,
      "held": null,
      "you": "carol",
      "away": [],
      "round": {
        "game": "tiles",
        "phase": "wagers",
        "banker": {
          "kind": "player-dealer",
          "player": "carol",
          "position": "1"
        },
        "seats": {
          "bot-8": "8",
          "bot-7": "7",
          "bot-6": "6",
          "carol": "1",
          "dave": "2"
        },
        "chips": {
          "bot-8": 999000,
          "bot-7": 999000,
          "bot-6": 999000,
          "carol": 50000,
          "dave": 50000
        },
        "house_way": "regulation",
        "style": "a",
        "dice": null,
        "rng": null,
        "start": null,
        "dragons_eye": null,
        "wagers": [
          {
            "ref": "w1",
            "player": "bot-6",
            "spot": "6",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w2",
            "player": "bot-7",
            "spot": "7",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w3",
            "player": "bot-8",
            "spot": "8",
            "kind": "main",
            "cents": 1000,
            "result": null
          }
        ],
        "dealer_wager": 0,
        "pd_stake": 0,
        "positions": {
          "1": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "2": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "3": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "4": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "5": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "6": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "7": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "8": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          }
        },
        "unset": [],
        "results": {},
        "exposure": [],
        "void": null,
        "operations": 4,
        "statement": null
      },
      "choices": {
        "bank": null,
        "wagers": [],
        "remove": [],
        "ready": true,
        "dealer_wager": null,
        "pd_stake": {
          "min": 500,
          "max": 50000
        },
        "cuts": null,
        "styles": [],
        "roll": false,
        "set": [],
        "set_now": [],
        "void_hand": [],
        "bank_set": false,
        "surrender": [],
        "stand": false,
        "seated": true,
        "playing": true,
        "next_round": false,
        "leave": true,
        "sitting_out": false,
        "sit_out": true,
        "returning": false,
        "withdraw_dice_bonus": false,
        "key": "r1:wagers",
        "sit": null
      }
    }
  },
  "lc-wagers-dave": {
    "type": "event",
    "table": "lc",
    "n": 7,
    "events": [
      {
        "seq": 6,
        "action": "begin",
        "round": 1,
        "notice": {
          "kind": "begin",
          "round": 1
        }
      },
      {
        "seq": 7,
        "action": "shuffle",
        "round": 1,
        "ops": [
          {
            "index": 0,
            "kind": "shuffle",
            "actor": "dealer",
            "data": {}
          }
        ]
      },
      {
        "seq": 8,
        "action": "wager",
        "round": 1,
        "ops": [
          {
            "index": 1,
            "kind": "wager",
            "actor": "player:bot-6",
            "data": {
              "ref": "w1",
              "player": "bot-6",
              "spot": "6",
              "cents": 1000,
              "kind": "main",
              "derived": false
            }
          }
        ]
      },
      {
        "seq": 9,
        "action": "wager",
        "round": 1,
        "ops": [
          {
            "index": 2,
            "kind": "wager",
            "actor": "player:bot-7",
            "data": {
              "ref": "w2",
              "player": "bot-7",
              "spot": "7",
              "cents": 1000,
              "kind": "main",
              "derived": false
            }
          }
        ]
      },
      {
        "seq": 10,
        "action": "wager",
        "round": 1,
        "ops": [
          {
            "index": 3,
            "kind": "wager",
            "actor": "player:bot-8",
            "data": {
              "ref": "w3",
              "player": "bot-8",
              "spot": "8",
              "cents": 1000,
              "kind": "main",
              "derived": false
            }
          }
        ]
      }
    ],
    "state": {
      "table": "lc",
      "seq": 10,
      "name": "lc",
      "profile": "lucky-chances",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-8": "8",
        "bot-7": "7",
        "bot-6": "6",
        "carol": "1",
        "dave": "2"
      },
      "chips": {
        "bot-8": 999000,
        "bot-7": 999000,
        "bot-6": 999000,
        "carol": 50000,
        "dave": 50000
      },
      "rounds": 0,
      "round_open": true,
      "waiting": {
        "key": "r1:wagers",
        "for": "wagers",
        "who": [
          "carol",
          "dave"
        ],
        "deadline": 1767225600.0
      },
      "paused": false,
      "held": null,
      "you": "dave",
      "away": [],
      "round": {
        "game": "tiles",
        "phase": "wagers",
        "banker": {
          "kind": "player-dealer",
          "player": "carol",
          "position": "1"
        },
        "seats": {
          "bot-8": "8",
          "bot-7": "7",
          "bot-6": "6",
          "carol": "1",
          "dave": "2"
        },
        "chips": {
          "bot-8": 999000,
          "bot-7": 999000,
          "bot-6": 999000,
          "carol": 50000,
          "dave": 50000
        },
        "house_way": "regulation",
        "style": "a",
        "dice": null,
        "rng": null,
        "start": null,
        "dragons_eye": null,
        "wagers": [
          {
            "ref": "w1",
            "player": "bot-6",
            "spot": "6",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w2",
            "player": "bot-7",
            "spot": "7",
            "kind": "main",
            "cents": 1000,
            "result": null
          },
          {
            "ref": "w3",
            "player": "bot-8",
            "spot": "8",
            "kind": "main",
            "cents": 1000,
            "result": null
          }
        ],
        "dealer_wager": 0,
        "pd_stake": 0,
        "positions": {
          "1": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "2": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "3": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "4": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "5": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "6": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "7": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "8": {
            "dealt": false,
            "collected": false,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          }
        },
        "unset": [],
        "results": {},
        "exposure": [],
        "void": null,
        "operations": 4,
        "statement": null
      },
      "choices": {
        "bank": null,
        "wagers": [
          {
            "spot": "2",
            "kind": "main",
            "min": 500,
            "max": 50000
          },
          {
            "spot": "6",
            "kind": "main",
            "min": 500,
            "max": 50000
          },
          {
            "spot": "7",
            "kind": "main",
            "min": 500,
            "max": 50000
          },
          {
            "spot": "8",
            "kind": "main",
            "min": 500,
            "max": 50000
          }
        ],
        "remove": [],
        "ready": true,
        "dealer_wager": null,
        "pd_stake": null,
        "cuts": null,
        "styles": [],
        "roll": false,
        "set": [],
        "set_now": [],
        "void_hand": [],
        "bank_set": false,
        "surrender": [],
        "stand": false,
        "seated": true,
        "playing": true,
        "next_round": false,
        "leave": true,
        "sitting_out": false,
        "sit_out": true,
        "returning": false,
        "withdraw_dice_bonus": false,
        "key": "r1:wagers",
        "sit": null
      }
    }
  },
  "lc-settled-dave": {
    "type": "event",
    "table": "lc",
    "n": 15,
    "events": [
      {
        "seq": 22,
        "action": "bank_set",
        "round": 1,
        "ops": [
          {
            "index": 15,
            "kind": "bank_set",
            "actor": "bank",
            "data": {
              "by": "house way",
              "high": [
                "6-6",
                "2-5"
              ],
              "low": [
                "1-3",
                "3-3"
              ]
            }
          }
        ]
      },
      {
        "seq": 23,
        "action": "settle",
        "round": 1,
        "ops": [
          {
            "index": 16,
            "kind": "settle",
            "actor": "dealer",
            "data": {
              "results": {
                "w1": {
                  "spot": "6",
                  "player": "bot-6",
                  "cents": 1000,
                  "result": "push",
                  "high": "player",
                  "low": "dealer"
                },
                "w2": {
                  "spot": "7",
                  "player": "bot-7",
                  "cents": 1000,
                  "result": "push",
                  "high": "dealer",
                  "low": "player"
                },
                "w3": {
                  "spot": "8",
                  "player": "bot-8",
                  "cents": 1000,
                  "result": "push",
                  "high": "dealer",
                  "low": "player"
                },
                "w5": {
                  "spot": "8",
                  "player": "dave",
                  "cents": 500,
                  "result": "push",
                  "high": "dealer",
                  "low": "player"
                },
                "w4": {
                  "spot": "2",
                  "player": "dave",
                  "cents": 1000,
                  "result": "push",
                  "high": "dealer",
                  "low": "player"
                },
                "player-dealer": {
                  "stake": 20000,
                  "action_used": 0
                }
              }
            }
          }
        ]
      },
      {
        "seq": 24,
        "action": "finish",
        "round": 1,
        "notice": {
          "kind": "finish",
          "round": 1
        }
      }
    ],
    "state": {
      "table": "lc",
      "seq": 24,
      "name": "lc",
      "profile": "lucky-chances",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-8": "8",
        "bot-7": "7",
        "bot-6": "6",
        "carol": "1",
        "dave": "2"
      },
      "chips": {
        "bot-8": 1000000,
        "bot-7": 1000000,
        "bot-6": 1000000,
        "carol": 50000,
        "dave": 50000
      },
      "rounds": 1,
      "round_open": false,
      "waiting": {
        "key": "r1-after:pause",
        "for": "next round",
        "who": [],
        "deadline": 1767225600.0
      },
      "paused": false,
      "held": null,
      "you": "dave",
      "away": [],
      "round": {
        "game": "tiles",
        "phase": "done",
        "banker": {
          "kind": "player-dealer",
          "player": "carol",
          "position": "1"
        },
        "seats": {
          "bot-8": "8",
          "bot-7": "7",
          "bot-6": "6",
          "carol": "1",
          "dave": "2"
        },
        "chips": {
          "bot-8": 1000000,
          "bot-7": 1000000,
          "bot-6": 1000000,
          "carol": 50000,
          "dave": 50000
        },
        "house_way": "regulation",
        "style": "a",
        "dice": [
          2,
          4,
          6
        ],
        "rng": null,
        "start": "4",
        "dragons_eye": null,
        "wagers": [
          {
            "ref": "w1",
            "player": "bot-6",
            "spot": "6",
            "kind": "main",
            "cents": 1000,
            "result": "push"
          },
          {
            "ref": "w2",
            "player": "bot-7",
            "spot": "7",
            "kind": "main",
            "cents": 1000,
            "result": "push"
          },
          {
            "ref": "w3",
            "player": "bot-8",
            "spot": "8",
            "kind": "main",
            "cents": 1000,
            "result": "push"
          },
          {
            "ref": "w4",
            "player": "dave",
            "spot": "2",
            "kind": "main",
            "cents": 1000,
            "result": "push"
          },
          {
            "ref": "w5",
            "player": "dave",
            "spot": "8",
            "kind": "main",
            "cents": 500,
            "result": "push"
          }
        ],
        "dealer_wager": 0,
        "pd_stake": 20000,
        "positions": {
          "1": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "6-6",
              "3-3",
              "1-3",
              "2-5"
            ],
            "set": true,
            "setting": {
              "high": [
                "6-6",
                "2-5"
              ],
              "low": [
                "1-3",
                "3-3"
              ]
            },
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "2": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "2-2",
              "5-5",
              "4-6",
              "3-4"
            ],
            "set": true,
            "setting": {
              "high": [
                "5-5",
                "3-4"
              ],
              "low": [
                "2-2",
                "4-6"
              ]
            },
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "3": {
            "dealt": false,
            "collected": true,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "4": {
            "dealt": false,
            "collected": true,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "5": {
            "dealt": false,
            "collected": true,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "6": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "2-3",
              "3-6",
              "1-4",
              "5-6"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-4",
                "2-3"
              ],
              "low": [
                "5-6",
                "3-6"
              ]
            },
            "set_by": "bot-6",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "7": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "5-6",
              "3-3",
              "1-6",
              "1-1"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-1",
                "1-6"
              ],
              "low": [
                "3-3",
                "5-6"
              ]
            },
            "set_by": "bot-7",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "8": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "1-6",
              "4-6",
              "4-4",
              "1-5"
            ],
            "set": true,
            "setting": {
              "high": [
                "4-4",
                "4-6"
              ],
              "low": [
                "1-6",
                "1-5"
              ]
            },
            "set_by": "bot-8",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          }
        },
        "unset": [],
        "results": {
          "w1": {
            "spot": "6",
            "player": "bot-6",
            "cents": 1000,
            "result": "push",
            "high": "player",
            "low": "dealer"
          },
          "w2": {
            "spot": "7",
            "player": "bot-7",
            "cents": 1000,
            "result": "push",
            "high": "dealer",
            "low": "player"
          },
          "w3": {
            "spot": "8",
            "player": "bot-8",
            "cents": 1000,
            "result": "push",
            "high": "dealer",
            "low": "player"
          },
          "w5": {
            "spot": "8",
            "player": "dave",
            "cents": 500,
            "result": "push",
            "high": "dealer",
            "low": "player"
          },
          "w4": {
            "spot": "2",
            "player": "dave",
            "cents": 1000,
            "result": "push",
            "high": "dealer",
            "low": "player"
          },
          "player-dealer": {
            "stake": 20000,
            "action_used": 0
          }
        },
        "exposure": [
          "6",
          "7",
          "8",
          "2"
        ],
        "void": null,
        "operations": 17,
        "statement": {
          "format": "paigow-statement/1",
          "record_id": "table#1",
          "void": null,
          "banker": {
            "kind": "player-dealer",
            "player": "carol",
            "position": "1"
          },
          "wagers": [
            {
              "ref": "w1",
              "owner": "bot-6",
              "kind": "main",
              "spot": "6",
              "stake": 1000,
              "result": "push",
              "returned": 1000,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0,
              "action": 0
            },
            {
              "ref": "w2",
              "owner": "bot-7",
              "kind": "main",
              "spot": "7",
              "stake": 1000,
              "result": "push",
              "returned": 1000,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0,
              "action": 0
            },
            {
              "ref": "w3",
              "owner": "bot-8",
              "kind": "main",
              "spot": "8",
              "stake": 1000,
              "result": "push",
              "returned": 1000,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0,
              "action": 0
            },
            {
              "ref": "w5",
              "owner": "dave",
              "kind": "main",
              "spot": "8",
              "stake": 500,
              "result": "push",
              "returned": 500,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0,
              "action": 0
            },
            {
              "ref": "w4",
              "owner": "dave",
              "kind": "main",
              "spot": "2",
              "stake": 1000,
              "result": "push",
              "returned": 1000,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0,
              "action": 0
            }
          ],
          "dealer_wager": null,
          "bank": {
            "player": "carol",
            "kind": "player-dealer",
            "position": "1",
            "net": 0,
            "lines": [
              {
                "what": "wagers won in the action",
                "cents": 0
              },
              {
                "what": "winning wagers paid",
                "cents": 0
              },
              {
                "what": "collection on the stake",
                "cents": 0
              }
            ],
            "commission": 0,
            "collection": 0,
            "stake": 20000,
            "action_used": 0
          },
          "players": [
            {
              "player": "carol",
              "seat": "1",
              "before": 50000,
              "net": 0,
              "after": 50000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "dave",
              "seat": "2",
              "before": 50000,
              "net": 0,
              "after": 50000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-6",
              "seat": "6",
              "before": 1000000,
              "net": 0,
              "after": 1000000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-7",
              "seat": "7",
              "before": 1000000,
              "net": 0,
              "after": 1000000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-8",
              "seat": "8",
              "before": 1000000,
              "net": 0,
              "after": 1000000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            }
          ],
          "spots": [
            {
              "spot": "6",
              "player": "bot-6",
              "result": "push",
              "net": 0
            },
            {
              "spot": "7",
              "player": "bot-7",
              "result": "push",
              "net": 0
            },
            {
              "spot": "8",
              "player": "bot-8",
              "result": "push",
              "net": 0
            },
            {
              "spot": "8",
              "player": "dave",
              "result": "push",
              "net": 0
            },
            {
              "spot": "2",
              "player": "dave",
              "result": "push",
              "net": 0
            },
            {
              "spot": "1",
              "player": "carol",
              "result": "bank",
              "net": 0
            }
          ],
          "house": {
            "net": 0,
            "commission": 0,
            "collection": 0
          }
        }
      },
      "choices": {
        "bank": null,
        "wagers": [],
        "remove": [],
        "ready": false,
        "dealer_wager": null,
        "pd_stake": null,
        "cuts": null,
        "styles": [],
        "roll": false,
        "set": [],
        "set_now": [],
        "void_hand": [],
        "bank_set": false,
        "surrender": [],
        "stand": false,
        "seated": true,
        "playing": false,
        "next_round": false,
        "leave": true,
        "sitting_out": false,
        "sit_out": true,
        "returning": false,
        "withdraw_dice_bonus": false,
        "key": null,
        "sit": null
      }
    }
  },
  "lc-settled-carol": {
    "type": "event",
    "table": "lc",
    "n": 15,
    "events": [
      {
        "seq": 22,
        "action": "bank_set",
        "round": 1,
        "ops": [
          {
            "index": 15,
            "kind": "bank_set",
            "actor": "bank",
            "data": {
              "by": "house way",
              "high": [
                "6-6",
                "2-5"
              ],
              "low": [
                "1-3",
                "3-3"
              ]
            }
          }
        ]
      },
      {
        "seq": 23,
        "action": "settle",
        "round": 1,
        "ops": [
          {
            "index": 16,
            "kind": "settle",
            "actor": "dealer",
            "data": {
              "results": {
                "w1": {
                  "spot": "6",
                  "player": "bot-6",
                  "cents": 1000,
                  "result": "push",
                  "high": "player",
                  "low": "dealer"
                },
                "w2": {
                  "spot": "7",
                  "player": "bot-7",
                  "cents": 1000,
                  "result": "push",
                  "high": "dealer",
                  "low": "player"
                },
                "w3": {
                  "spot": "8",
                  "player": "bot-8",
                  "cents": 1000,
                  "result": "push",
                  "high": "dealer",
                  "low": "player"
                },
                "w5": {
                  "spot": "8",
                  "player": "dave",
                  "cents": 500,
                  "result": "push",
                  "high": "dealer",
                  "low": "player"
                },
                "w4": {
                  "spot": "2",
                  "player": "dave",
                  "cents": 1000,
                  "result": "push",
                  "high": "dealer",
                  "low": "player"
                },
                "player-dealer": {
                  "stake": 20000,
                  "action_used": 0
                }
              }
            }
          }
        ]
      },
      {
        "seq": 24,
        "action": "finish",
        "round": 1,
        "notice": {
          "kind": "finish",
          "round": 1
        }
      }
    ],
    "state": {
      "table": "lc",
      "seq": 24,
      "name": "lc",
      "profile": "lucky-chances",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-8": "8",
        "bot-7": "7",
        "bot-6": "6",
        "carol": "1",
        "dave": "2"
      },
      "chips": {
        "bot-8": 1000000,
        "bot-7": 1000000,
        "bot-6": 1000000,
        "carol": 50000,
        "dave": 50000
      },
      "rounds": 1,
      "round_open": false,
      "waiting": {
        "key": "r1-after:pause",
        "for": "next round",
        "who": [],
        "deadline": 1767225600.0
      },
      "paused": false,
      "held": null,
      "you": "carol",
      "away": [],
      "round": {
        "game": "tiles",
        "phase": "done",
        "banker": {
          "kind": "player-dealer",
          "player": "carol",
          "position": "1"
        },
        "seats": {
          "bot-8": "8",
          "bot-7": "7",
          "bot-6": "6",
          "carol": "1",
          "dave": "2"
        },
        "chips": {
          "bot-8": 1000000,
          "bot-7": 1000000,
          "bot-6": 1000000,
          "carol": 50000,
          "dave": 50000
        },
        "house_way": "regulation",
        "style": "a",
        "dice": [
          2,
          4,
          6
        ],
        "rng": null,
        "start": "4",
        "dragons_eye": null,
        "wagers": [
          {
            "ref": "w1",
            "player": "bot-6",
            "spot": "6",
            "kind": "main",
            "cents": 1000,
            "result": "push"
          },
          {
            "ref": "w2",
            "player": "bot-7",
            "spot": "7",
            "kind": "main",
            "cents": 1000,
            "result": "push"
          },
          {
            "ref": "w3",
            "player": "bot-8",
            "spot": "8",
            "kind": "main",
            "cents": 1000,
            "result": "push"
          },
          {
            "ref": "w4",
            "player": "dave",
            "spot": "2",
            "kind": "main",
            "cents": 1000,
            "result": "push"
          },
          {
            "ref": "w5",
            "player": "dave",
            "spot": "8",
            "kind": "main",
            "cents": 500,
            "result": "push"
          }
        ],
        "dealer_wager": 0,
        "pd_stake": 20000,
        "positions": {
          "1": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "6-6",
              "3-3",
              "1-3",
              "2-5"
            ],
            "set": true,
            "setting": {
              "high": [
                "6-6",
                "2-5"
              ],
              "low": [
                "1-3",
                "3-3"
              ]
            },
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "2": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "2-2",
              "5-5",
              "4-6",
              "3-4"
            ],
            "set": true,
            "setting": {
              "high": [
                "5-5",
                "3-4"
              ],
              "low": [
                "2-2",
                "4-6"
              ]
            },
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "3": {
            "dealt": false,
            "collected": true,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "4": {
            "dealt": false,
            "collected": true,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "5": {
            "dealt": false,
            "collected": true,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "6": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "2-3",
              "3-6",
              "1-4",
              "5-6"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-4",
                "2-3"
              ],
              "low": [
                "5-6",
                "3-6"
              ]
            },
            "set_by": "bot-6",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "7": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "5-6",
              "3-3",
              "1-6",
              "1-1"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-1",
                "1-6"
              ],
              "low": [
                "3-3",
                "5-6"
              ]
            },
            "set_by": "bot-7",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "8": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "1-6",
              "4-6",
              "4-4",
              "1-5"
            ],
            "set": true,
            "setting": {
              "high": [
                "4-4",
                "4-6"
              ],
              "low": [
                "1-6",
                "1-5"
              ]
            },
            "set_by": "bot-8",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          }
        },
        "unset": [],
        "results": {
          "w1": {
            "spot": "6",
            "player": "bot-6",
            "cents": 1000,
            "result": "push",
            "high": "player",
            "low": "dealer"
          },
          "w2": {
            "spot": "7",
            "player": "bot-7",
            "cents": 1000,
            "result": "push",
            "high": "dealer",
            "low": "player"
          },
          "w3": {
            "spot": "8",
            "player": "bot-8",
            "cents": 1000,
            "result": "push",
            "high": "dealer",
            "low": "player"
          },
          "w5": {
            "spot": "8",
            "player": "dave",
            "cents": 500,
            "result": "push",
            "high": "dealer",
            "low": "player"
          },
          "w4": {
            "spot": "2",
            "player": "dave",
            "cents": 1000,
            "result": "push",
            "high": "dealer",
            "low": "player"
          },
          "player-dealer": {
            "stake": 20000,
            "action_used": 0
          }
        },
        "exposure": [
          "6",
          "7",
          "8",
          "2"
        ],
        "void": null,
        "operations": 17,
        "statement": {
          "format": "paigow-statement/1",
          "record_id": "table#1",
          "void": null,
          "banker": {
            "kind": "player-dealer",
            "player": "carol",
            "position": "1"
          },
          "wagers": [
            {
              "ref": "w1",
              "owner": "bot-6",
              "kind": "main",
              "spot": "6",
              "stake": 1000,
              "result": "push",
              "returned": 1000,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0,
              "action": 0
            },
            {
              "ref": "w2",
              "owner": "bot-7",
              "kind": "main",
              "spot": "7",
              "stake": 1000,
              "result": "push",
              "returned": 1000,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0,
              "action": 0
            },
            {
              "ref": "w3",
              "owner": "bot-8",
              "kind": "main",
              "spot": "8",
              "stake": 1000,
              "result": "push",
              "returned": 1000,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0,
              "action": 0
            },
            {
              "ref": "w5",
              "owner": "dave",
              "kind": "main",
              "spot": "8",
              "stake": 500,
              "result": "push",
              "returned": 500,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0,
              "action": 0
            },
            {
              "ref": "w4",
              "owner": "dave",
              "kind": "main",
              "spot": "2",
              "stake": 1000,
              "result": "push",
              "returned": 1000,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0,
              "action": 0
            }
          ],
          "dealer_wager": null,
          "bank": {
            "player": "carol",
            "kind": "player-dealer",
            "position": "1",
            "net": 0,
            "lines": [
              {
                "what": "wagers won in the action",
                "cents": 0
              },
              {
                "what": "winning wagers paid",
                "cents": 0
              },
              {
                "what": "collection on the stake",
                "cents": 0
              }
            ],
            "commission": 0,
            "collection": 0,
            "stake": 20000,
            "action_used": 0
          },
          "players": [
            {
              "player": "carol",
              "seat": "1",
              "before": 50000,
              "net": 0,
              "after": 50000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "dave",
              "seat": "2",
              "before": 50000,
              "net": 0,
              "after": 50000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-6",
              "seat": "6",
              "before": 1000000,
              "net": 0,
              "after": 1000000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-7",
              "seat": "7",
              "before": 1000000,
              "net": 0,
              "after": 1000000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-8",
              "seat": "8",
              "before": 1000000,
              "net": 0,
              "after": 1000000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            }
          ],
          "spots": [
            {
              "spot": "6",
              "player": "bot-6",
              "result": "push",
              "net": 0
            },
            {
              "spot": "7",
              "player": "bot-7",
              "result": "push",
              "net": 0
            },
            {
              "spot": "8",
              "player": "bot-8",
              "result": "push",
              "net": 0
            },
            {
              "spot": "8",
              "player": "dave",
              "result": "push",
              "net": 0
            },
            {
              "spot": "2",
              "player": "dave",
              "result": "push",
              "net": 0
            },
            {
              "spot": "1",
              "player": "carol",
              "result": "bank",
              "net": 0
            }
          ],
          "house": {
            "net": 0,
            "commission": 0,
            "collection": 0
          }
        }
      },
      "choices": {
        "bank": null,
        "wagers": [],
        "remove": [],
        "ready": false,
        "dealer_wager": null,
        "pd_stake": null,
        "cuts": null,
        "styles": [],
        "roll": false,
        "set": [],
        "set_now": [],
        "void_hand": [],
        "bank_set": false,
        "surrender": [],
        "stand": false,
        "seated": true,
        "playing": false,
        "next_round": false,
        "leave": true,
        "sitting_out": false,
        "sit_out": true,
        "returning": false,
        "withdraw_dice_bonus": false,
        "key": null,
        "sit": null
      }
    }
  },
  "lc-settled-watcher": {
    "type": "event",
    "table": "lc",
    "n": 15,
    "events": [
      {
        "seq": 22,
        "action": "bank_set",
        "round": 1,
        "ops": [
          {
            "index": 15,
            "kind": "bank_set",
            "actor": "bank",
            "data": {
              "by": "house way",
              "high": [
                "6-6",
                "2-5"
              ],
              "low": [
                "1-3",
                "3-3"
              ]
            }
          }
        ]
      },
      {
        "seq": 23,
        "action": "settle",
        "round": 1,
        "ops": [
          {
            "index": 16,
            "kind": "settle",
            "actor": "dealer",
            "data": {
              "results": {
                "w1": {
                  "spot": "6",
                  "player": "bot-6",
                  "cents": 1000,
                  "result": "push",
                  "high": "player",
                  "low": "dealer"
                },
                "w2": {
                  "spot": "7",
                  "player": "bot-7",
                  "cents": 1000,
                  "result": "push",
                  "high": "dealer",
                  "low": "player"
                },
                "w3": {
                  "spot": "8",
                  "player": "bot-8",
                  "cents": 1000,
                  "result": "push",
                  "high": "dealer",
                  "low": "player"
                },
                "w5": {
                  "spot": "8",
                  "player": "dave",
                  "cents": 500,
                  "result": "push",
                  "high": "dealer",
                  "low": "player"
                },
                "w4": {
                  "spot": "2",
                  "player": "dave",
                  "cents": 1000,
                  "result": "push",
                  "high": "dealer",
                  "low": "player"
                },
                "player-dealer": {
                  "stake": 20000,
                  "action_used": 0
                }
              }
            }
          }
        ]
      },
      {
        "seq": 24,
        "action": "finish",
        "round": 1,
        "notice": {
          "kind": "finish",
          "round": 1
        }
      }
    ],
    "state": {
      "table": "lc",
      "seq": 24,
      "name": "lc",
      "profile": "lucky-chances",
      "game": "tiles",
      "limits": {
        "min": 500,
        "max": 500000
      },
      "seats": {
        "bot-8": "8",
        "bot-7": "7",
        "bot-6": "6",
        "carol": "1",
        "dave": "2"
      },
      "chips": {
        "bot-8": 1000000,
        "bot-7": 1000000,
        "bot-6": 1000000,
        "carol": 50000,
        "dave": 50000
      },
      "rounds": 1,
      "round_open": false,
      "waiting": {
        "key": "r1-after:pause",
        "for": "next round",
        "who": [],
        "deadline": 1767225600.0
      },
      "paused": false,
      "held": null,
      "you": null,
      "away": [],
      "round": {
        "game": "tiles",
        "phase": "done",
        "banker": {
          "kind": "player-dealer",
          "player": "carol",
          "position": "1"
        },
        "seats": {
          "bot-8": "8",
          "bot-7": "7",
          "bot-6": "6",
          "carol": "1",
          "dave": "2"
        },
        "chips": {
          "bot-8": 1000000,
          "bot-7": 1000000,
          "bot-6": 1000000,
          "carol": 50000,
          "dave": 50000
        },
        "house_way": "regulation",
        "style": "a",
        "dice": [
          2,
          4,
          6
        ],
        "rng": null,
        "start": "4",
        "dragons_eye": null,
        "wagers": [
          {
            "ref": "w1",
            "player": "bot-6",
            "spot": "6",
            "kind": "main",
            "cents": 1000,
            "result": "push"
          },
          {
            "ref": "w2",
            "player": "bot-7",
            "spot": "7",
            "kind": "main",
            "cents": 1000,
            "result": "push"
          },
          {
            "ref": "w3",
            "player": "bot-8",
            "spot": "8",
            "kind": "main",
            "cents": 1000,
            "result": "push"
          },
          {
            "ref": "w4",
            "player": "dave",
            "spot": "2",
            "kind": "main",
            "cents": 1000,
            "result": "push"
          },
          {
            "ref": "w5",
            "player": "dave",
            "spot": "8",
            "kind": "main",
            "cents": 500,
            "result": "push"
          }
        ],
        "dealer_wager": 0,
        "pd_stake": 20000,
        "positions": {
          "1": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "6-6",
              "3-3",
              "1-3",
              "2-5"
            ],
            "set": true,
            "setting": {
              "high": [
                "6-6",
                "2-5"
              ],
              "low": [
                "1-3",
                "3-3"
              ]
            },
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "2": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "2-2",
              "5-5",
              "4-6",
              "3-4"
            ],
            "set": true,
            "setting": {
              "high": [
                "5-5",
                "3-4"
              ],
              "low": [
                "2-2",
                "4-6"
              ]
            },
            "set_by": "house way",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "3": {
            "dealt": false,
            "collected": true,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "4": {
            "dealt": false,
            "collected": true,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "5": {
            "dealt": false,
            "collected": true,
            "pieces": null,
            "set": false,
            "setting": null,
            "set_by": null,
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "6": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "2-3",
              "3-6",
              "1-4",
              "5-6"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-4",
                "2-3"
              ],
              "low": [
                "5-6",
                "3-6"
              ]
            },
            "set_by": "bot-6",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "7": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "5-6",
              "3-3",
              "1-6",
              "1-1"
            ],
            "set": true,
            "setting": {
              "high": [
                "1-1",
                "1-6"
              ],
              "low": [
                "3-3",
                "5-6"
              ]
            },
            "set_by": "bot-7",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          },
          "8": {
            "dealt": true,
            "collected": false,
            "pieces": [
              "1-6",
              "4-6",
              "4-4",
              "1-5"
            ],
            "set": true,
            "setting": {
              "high": [
                "4-4",
                "4-6"
              ],
              "low": [
                "1-6",
                "1-5"
              ]
            },
            "set_by": "bot-8",
            "exposed_count": 0,
            "surrendered": false,
            "void": false,
            "dead": false
          }
        },
        "unset": [],
        "results": {
          "w1": {
            "spot": "6",
            "player": "bot-6",
            "cents": 1000,
            "result": "push",
            "high": "player",
            "low": "dealer"
          },
          "w2": {
            "spot": "7",
            "player": "bot-7",
            "cents": 1000,
            "result": "push",
            "high": "dealer",
            "low": "player"
          },
          "w3": {
            "spot": "8",
            "player": "bot-8",
            "cents": 1000,
            "result": "push",
            "high": "dealer",
            "low": "player"
          },
          "w5": {
            "spot": "8",
            "player": "dave",
            "cents": 500,
            "result": "push",
            "high": "dealer",
            "low": "player"
          },
          "w4": {
            "spot": "2",
            "player": "dave",
            "cents": 1000,
            "result": "push",
            "high": "dealer",
            "low": "player"
          },
          "player-dealer": {
            "stake": 20000,
            "action_used": 0
          }
        },
        "exposure": [
          "6",
          "7",
          "8",
          "2"
        ],
        "void": null,
        "operations": 17,
        "statement": {
          "format": "paigow-statement/1",
          "record_id": "table#1",
          "void": null,
          "banker": {
            "kind": "player-dealer",
            "player": "carol",
            "position": "1"
          },
          "wagers": [
            {
              "ref": "w1",
              "owner": "bot-6",
              "kind": "main",
              "spot": "6",
              "stake": 1000,
              "result": "push",
              "returned": 1000,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0,
              "action": 0
            },
            {
              "ref": "w2",
              "owner": "bot-7",
              "kind": "main",
              "spot": "7",
              "stake": 1000,
              "result": "push",
              "returned": 1000,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0,
              "action": 0
            },
            {
              "ref": "w3",
              "owner": "bot-8",
              "kind": "main",
              "spot": "8",
              "stake": 1000,
              "result": "push",
              "returned": 1000,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0,
              "action": 0
            },
            {
              "ref": "w5",
              "owner": "dave",
              "kind": "main",
              "spot": "8",
              "stake": 500,
              "result": "push",
              "returned": 500,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0,
              "action": 0
            },
            {
              "ref": "w4",
              "owner": "dave",
              "kind": "main",
              "spot": "2",
              "stake": 1000,
              "result": "push",
              "returned": 1000,
              "won": 0,
              "commission": 0,
              "collection": 0,
              "net": 0,
              "action": 0
            }
          ],
          "dealer_wager": null,
          "bank": {
            "player": "carol",
            "kind": "player-dealer",
            "position": "1",
            "net": 0,
            "lines": [
              {
                "what": "wagers won in the action",
                "cents": 0
              },
              {
                "what": "winning wagers paid",
                "cents": 0
              },
              {
                "what": "collection on the stake",
                "cents": 0
              }
            ],
            "commission": 0,
            "collection": 0,
            "stake": 20000,
            "action_used": 0
          },
          "players": [
            {
              "player": "carol",
              "seat": "1",
              "before": 50000,
              "net": 0,
              "after": 50000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "dave",
              "seat": "2",
              "before": 50000,
              "net": 0,
              "after": 50000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-6",
              "seat": "6",
              "before": 1000000,
              "net": 0,
              "after": 1000000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-7",
              "seat": "7",
              "before": 1000000,
              "net": 0,
              "after": 1000000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            },
            {
              "player": "bot-8",
              "seat": "8",
              "before": 1000000,
              "net": 0,
              "after": 1000000,
              "kept": 0,
              "commission": 0,
              "collection": 0
            }
          ],
          "spots": [
            {
              "spot": "6",
              "player": "bot-6",
              "result": "push",
              "net": 0
            },
            {
              "spot": "7",
              "player": "bot-7",
              "result": "push",
              "net": 0
            },
            {
              "spot": "8",
              "player": "bot-8",
              "result": "push",
              "net": 0
            },
            {
              "spot": "8",
              "player": "dave",
              "result": "push",
              "net": 0
            },
            {
              "spot": "2",
              "player": "dave",
              "result": "push",
              "net": 0
            },
            {
              "spot": "1",
              "player": "carol",
              "result": "bank",
              "net": 0
            }
          ],
          "house": {
            "net": 0,
            "commission": 0,
            "collection": 0
          }
        }
      },
      "choices": null
    }
  }
} as const satisfies Readonly<Record<string, ServerMessage>>;

export type FrameName = keyof typeof FRAMES;
