# Daba chess: the page's words in Bengali (বাংলা). The source is en/page.ftl;
# this file has exactly its message ids and variables. Chess notation (SAN)
# stays as it is. Latin digits throughout, as on clocks. The engine's name
# stays Daba in Latin letters: দাবা is Bengali for chess itself.

## The page and its header

page-title = Daba দাবা
title-your-move = আপনার চাল · Daba দাবা
skip-link = পাতায় যান
site-name = Daba দাবা
nav-play = খেলুন
nav-games = আমার খেলা
games-badge =
    .title = যে খেলাগুলোতে আপনার চাল
nav-help = ঘুঁটি কীভাবে চলে
language-label = ভাষা
settings = সেটিংস
settings-board = বোর্ড
settings-pieces = ঘুঁটি
settings-sound = চালের শব্দ
theme-wood = কাঠ
theme-blue = নীল
theme-green = সবুজ
theme-contrast = উচ্চ কনট্রাস্ট
set-daba = Daba
set-shapes = আকৃতি
nav-signin = সাইন ইন
nav-signup = অ্যাকাউন্ট খুলুন
nav-signout = সাইন আউট

## Words used in many places

colour-white = সাদা
colour-black = কালো
colour-random = যেকোনো
your-colour = আপনার রং
mode-rated = রেটেড
mode-casual = সাধারণ
col-player = খেলোয়াড়
col-rating = রেটিং
col-time = সময়
col-mode = ধরন
col-colour = রং
col-action = কাজ
col-opponent = প্রতিপক্ষ
col-moves = চাল
col-result = ফল
col-changed = শেষ পরিবর্তন
time-control = সময় নিয়ন্ত্রণ
minutes-per-side = প্রতি পক্ষের মিনিট
increment-seconds = প্রতি চালে বাড়তি সেকেন্ড
cancel = বাতিল
accept = গ্রহণ
username = ব্যবহারকারীর নাম
password = পাসওয়ার্ড

## The lobby

lobby-challenges = খোলা চ্যালেঞ্জ
lobby-empty = এখন কেউ প্রতিপক্ষের অপেক্ষায় নেই। একটি খেলা তৈরি করুন, অন্যরা এখানে দেখতে পাবে।
lobby-no-fifty = { $mode }, 50-চালের নিয়ম নেই
lobby-nobody-online = এখন কোনো সাইন ইন করা খেলোয়াড় নেই।
lobby-counts = { $games ->
        [one] { $games }টি খেলা
       *[other] { $games }টি খেলা
    } চলছে, লবিতে { $guests ->
        [one] { $guests } জন অতিথি
       *[other] { $guests } জন অতিথি
    }।
lobby-playing = { $games ->
        [one] { $games }টি খেলা
       *[other] { $games }টি খেলা
    } চলছে।
lobby-closed = এই সার্ভারে লবি এখনো খোলেনি।
lobby-unreachable = লবিতে পৌঁছানো যাচ্ছে না: { $error }
lobby-accept-failed = গ্রহণ করা গেল না: { $error }
lobby-cancel-failed = বাতিল করা গেল না: { $error }
online-title = অনলাইন
seek-title = খেলা তৈরি করুন
seek-guest = এখানে মানুষের সঙ্গে খেলতে সাইন ইন করুন বা অ্যাকাউন্ট খুলুন:
seek-guest-signin = সাইন ইন
seek-guest-signup = অ্যাকাউন্ট খুলুন
seek-fifty = পঞ্চাশ চালের নিয়ম (দুই পক্ষের 50টি করে চালে কোনো ঘুঁটি না কাটলে বা বোড়ে না সরলে ড্র দাবি করা যায়)
seek-create = চ্যালেঞ্জ তৈরি করুন
seek-waiting = আপনার চ্যালেঞ্জ ({ $control }, { $rated ->
        [rated] রেটেড
       *[casual] সাধারণ
    }) তালিকায় প্রতিপক্ষের অপেক্ষায় আছে।
seek-signin-first = আগে সাইন ইন করুন।
setup-title = কম্পিউটার বা বন্ধুর সঙ্গে খেলুন
setup-who = কার সঙ্গে খেলবেন?
setup-computer = Daba, কম্পিউটার
setup-local = এই পর্দায় বন্ধু (পালা করে)
setup-friend = অন্য ব্রাউজারে বন্ধু (লিংক পাঠান)
setup-level = স্তর
setup-level-hint = প্রথম স্তর এলোমেলো চাল দেয়: নতুনদের জন্য ভালো শুরু।
setup-white = সাদা (আপনি শুরু করবেন)
setup-fifty = পঞ্চাশ চালের নিয়ম
setup-fen = কোনো অবস্থান থেকে শুরু করুন (FEN)
setup-start = খেলা শুরু করুন
level-option-random = স্তর { $level }: এলোমেলো চাল
level-option-full = স্তর { $level }: পূর্ণ শক্তি, প্রায় { $elo } Elo
level-option = স্তর { $level }: প্রায় { $elo } Elo
my-games-all = আমার সব খেলা
my-games-none = কোনো খেলা চলছে না।

## Time controls and clocks

speed = { $speed ->
        [bullet] বুলেট
        [blitz] ব্লিৎজ
        [rapid] র‍্যাপিড
       *[classical] ক্লাসিক্যাল
    }
speed-lower = { $speed ->
        [bullet] বুলেট
        [blitz] ব্লিৎজ
        [rapid] র‍্যাপিড
        [classical] ক্লাসিক্যাল
        [correspondence] চিঠিপত্র
       *[unlimited] সীমাহীন
    }
control-preset = { $control } { $speed ->
        [bullet] বুলেট
        [blitz] ব্লিৎজ
        [rapid] র‍্যাপিড
       *[classical] ক্লাসিক্যাল
    }
control-unlimited = সীমাহীন
control-no-clock = ঘড়ি ছাড়া
control-custom-group = নিজের মতো
control-custom = নিজের মতো: মিনিট + সেকেন্ড…
control-correspondence = চিঠিপত্র
control-days = { $days ->
        [one] { $days } দিন
       *[other] { $days } দিন
    }
control-days-per-move = { $days ->
        [one] প্রতি চালে { $days } দিন
       *[other] প্রতি চালে { $days } দিন
    }
custom-minutes = { $minutes } মিনিট
custom-seconds = { $seconds } সেকেন্ড
clock-days = { $days ->
        [one] { $days } দিন { $hours } ঘণ্টা
       *[other] { $days } দিন { $hours } ঘণ্টা
    }
clock-hours = { $hours } ঘণ্টা { $minutes } মিনিট

## Signing in and up

signin-no-account = অ্যাকাউন্ট নেই?
signin-free = : এটা বিনামূল্যে।
signup-username-hint = 3 থেকে 20টি অক্ষর: ইংরেজি অক্ষর, অঙ্ক, _ বা -, শুরুতে অক্ষর। অন্যরা এটা দেখবে।
signup-password-hint = অন্তত 8টি অক্ষর।
signup-have-account = আগে থেকেই অ্যাকাউন্ট আছে?
signin-wrong = ব্যবহারকারীর নাম বা পাসওয়ার্ড ভুল।
signup-taken = এই নাম আগেই নেওয়া হয়েছে: অন্য একটি বেছে নিন।

## My games and profiles

games-none = এখনো কোনো খেলা নেই:
games-none-link = লবি থেকে একটি খেলুন
games-not-listed = এই সার্ভার এখনো খেলার তালিকা দেয় না।
games-load-failed = আপনার খেলাগুলো আনা গেল না: { $error }
game-versus = বনাম { $name }
game-your-move = আপনার চাল
game-their-move = ওঁর চাল
result-your-move = আপনার চাল
result-their-move = ওঁর চাল
result-draw = ড্র
result-won = জয় { $result }
result-lost = হার { $result }
profile-provisional = (অস্থায়ী: আরও রেটেড খেলার পর রেটিং স্থির হবে)
profile-rated-games = রেটেড খেলা
profile-wins = জয়
profile-draws = ড্র
profile-losses = হার
profile-since = { $date } থেকে সদস্য।
profile-pgn = সব খেলা ডাউনলোড করুন (PGN)
profile-games-title = খেলা
profile-no-player = { $name } নামে কোনো খেলোয়াড় নেই।
profile-no-games = এখনো কোনো খেলা নেই।
profile-no-history = এই সার্ভারে খেলার ইতিহাস এখনো পাওয়া যায় না।
account-settings = অ্যাকাউন্টের সেটিংস
password-title = পাসওয়ার্ড বদলান
password-current = বর্তমান পাসওয়ার্ড
password-new = নতুন পাসওয়ার্ড (অন্তত 8টি অক্ষর)
password-submit = পাসওয়ার্ড বদলান
password-changed = আপনার পাসওয়ার্ড বদলানো হয়েছে; অন্য সেশনগুলো থেকে সাইন আউট করা হয়েছে।
close-title = অ্যাকাউন্ট বন্ধ করুন
close-hint = আপনার অ্যাকাউন্ট, সেশন আর খোলা চ্যালেঞ্জ মুছে যাবে, আর আপনার নাম অন্যদের জন্য খালি হবে; শেষ হওয়া খেলায় খেলার সময়কার নামই থাকবে। আগে আপনার খেলাগুলো শেষ করুন, হার মানুন বা বাতিল করুন।
close-submit = আমার অ্যাকাউন্ট বন্ধ করুন
close-confirm = অ্যাকাউন্ট চিরতরে বন্ধ করবেন? এটা আর ফেরানো যাবে না।
close-keep = অ্যাকাউন্ট রেখে দিন

## The game

board =
    .aria-label = দাবার বোর্ড
board-keys = তীর-কী দিয়ে ঘরগুলোর মধ্যে যান; Enter বা Space ঘুঁটি তোলে আর ঘরে রাখে; Escape নামিয়ে রাখে।
promote-to = যাতে পদোন্নতি:
gone = সার্ভারে এমন কোনো খেলা নেই: লিংক ভুল হতে পারে, বা খেলাটি মুছে ফেলা হয়েছে।
gone-lobby = লবিতে ফিরুন
new-game = নতুন খেলা
undo = চাল ফেরান
flip = বোর্ড ঘোরান
abort = খেলা বাতিল করুন
takeback-ask = চাল ফেরানোর প্রস্তাব
takeback-cancel = চাল ফেরানোর অনুরোধ বাতিল
takeback-accept = চাল ফেরানো মেনে নিন
takeback-decline = চাল ফেরানো প্রত্যাখ্যান
offer-draw = ড্রয়ের প্রস্তাব
draw-offered = ড্রয়ের প্রস্তাব দেওয়া হয়েছে
accept-draw = ড্র মেনে নিন
decline-draw = ড্র প্রত্যাখ্যান
claim-draw = ড্র দাবি করুন
notice-takeback-asked = { $color ->
        [white] সাদা
       *[black] কালো
    } নিজের চাল ফেরাতে চায়।
notice-takeback-agreed = { $color ->
        [white] সাদা
       *[black] কালো
    } একটি চাল ফেরাতে রাজি হল।
notice-takeback-declined = { $color ->
        [white] সাদা
       *[black] কালো
    } চাল ফেরাতে রাজি নয়।
notice-draw-offered = { $color ->
        [white] সাদা
       *[black] কালো
    } ড্রয়ের প্রস্তাব দিল।
notice-draw-declined = { $color ->
        [white] সাদা
       *[black] কালো
    } ড্রয়ের প্রস্তাব প্রত্যাখ্যান করল।
notice-computer-declines-draw = Daba ড্রয়ের প্রস্তাব প্রত্যাখ্যান করল।
notice-computer-could-not-move = Daba চাল দিতে পারল না: সার্ভার খুব ব্যস্ত। পরে আবার চেষ্টা করুন।
notice-rematch-offered = { $color ->
        [white] সাদা
       *[black] কালো
    } আবার খেলার প্রস্তাব দিল।
notice-rematch-declined = { $color ->
        [white] সাদা
       *[black] কালো
    } আবার খেলার প্রস্তাব প্রত্যাখ্যান করল।
notice-rematch-accepted = { $color ->
        [white] সাদা
       *[black] কালো
    } আবার খেলতে রাজি: নতুন খেলা, রং বদল করে।
claim-threefold = ড্র দাবি করুন (তিনবার পুনরাবৃত্তি)
claim-fifty = ড্র দাবি করুন (পঞ্চাশ চালের নিয়ম)
draw-confirm-local = দুই খেলোয়াড়ই কি ড্রয়ে রাজি?
resign = হার মানুন
resign-local = হার মানুন ({ $color ->
        [white] সাদা
       *[black] কালো
    })
rematch-offer = আবার খেলা
rematch-cancel = আবার খেলার প্রস্তাব বাতিল
rematch-accept = আবার খেলায় রাজি
rematch-decline = আবার খেলা প্রত্যাখ্যান
rematch-link = নতুন খেলায় যান
pgn = PGN ডাউনলোড
resign-question = এই খেলায় হার মানবেন? আপনার প্রতিপক্ষ জিতবেন।
resign-confirm = হ্যাঁ, হার মানছি
resign-keep = খেলা চালিয়ে যান
san-label = চাল লিখুন
san-play = চালুন
moves-title = চালগুলো
step-first =
    .aria-label = প্রথম অবস্থান
    .title = প্রথম অবস্থান (Home)
step-back =
    .aria-label = আগের চাল
    .title = আগের চাল (←)
step-forward =
    .aria-label = পরের চাল
    .title = পরের চাল (→)
step-last =
    .aria-label = শেষ অবস্থান
    .title = শেষ অবস্থান (End)
step-where = { $total }টির মধ্যে চাল { $ply }
invite = এই লিংকটি আপনার বন্ধুকে পাঠান:
copy-link = কপি
chat-title = আলাপ
chat-text =
    .placeholder = ভালো কিছু বলুন
    .aria-label = প্রতিপক্ষকে বার্তা
chat-send = পাঠান
chat-you = আপনি
watchers-title = দর্শকদের আলাপ
watchers-text =
    .placeholder = অন্য দর্শকদের সঙ্গে কথা বলুন
    .aria-label = দর্শকদের বার্তা
watchers-signin = করে এখানে লিখুন।
chars-left = { $left ->
        [one] আর { $left }টি অক্ষর বাকি।
       *[other] আর { $left }টি অক্ষর বাকি।
    }
chars-left-cut = { $left ->
        [one] আর { $left }টি অক্ষর বাকি
       *[other] আর { $left }টি অক্ষর বাকি
    }: পেস্ট করা লেখা মাপমতো কাটা হয়েছে, বড়জোর { $max }টি অক্ষর।
waiting-friend = আপনার বন্ধু এখনো লিংক খোলেননি: দুজনেই এলে খেলা শুরু হবে।
premove-dropped = আপনার আগাম চাল আর বৈধ ছিল না: সেটা খেলা হয়নি।
no-such-game = এমন কোনো খেলা নেই।
poll-retry = { $why }। { $seconds } সেকেন্ড পরে আবার চেষ্টা করা হচ্ছে।
poll-unreachable = সার্ভারে পৌঁছানো যাচ্ছে না

## Players and what the page says about the game

level-random = স্তর 0 (এলোমেলো চাল)
level-full = পূর্ণ শক্তি
level-n = স্তর { $level }
daba = Daba
player-daba = Daba, { $level }
player-you = আপনি
player-guest = অতিথি
player-you-guest = আপনি (অতিথি)
player-waiting = খেলোয়াড়ের অপেক্ষা
your-friend = আপনার বন্ধু
presence-online = অনলাইন
presence-away = দূরে
presence-online-title = খেলাটি খোলা আছে
presence-away-title = এখন এখানে নেই
status-thinking = { $color ->
        [white] সাদার
       *[black] কালোর
    } চাল: Daba ভাবছে…
status-waiting = { $color ->
        [white] সাদার
       *[black] কালোর
    } চাল। আপনার বন্ধুর লিংক খোলার অপেক্ষা।
status-to-move = { $color ->
        [white] সাদার
       *[black] কালোর
    } চাল।
status-your-move = আপনার চাল ({ $color ->
        [white] সাদা
       *[black] কালো
    })।
status-their-turn = { $color ->
        [white] সাদার
       *[black] কালোর
    } চাল: { $name }-এর পালা।
status-friends-turn = { $color ->
        [white] সাদার
       *[black] কালোর
    } চাল: আপনার বন্ধুর পালা।
status-check = কিস্তি!
status-gone = এই খেলাটি আর সার্ভারে নেই।
info-watching = আপনি এই খেলাটি দেখছেন।
info-computer = আপনি { $level }-এ Daba-র বিরুদ্ধে { $color ->
        [white] সাদা
       *[black] কালো
    } নিয়ে খেলছেন।
info-local = এক পর্দায় দুজন খেলোয়াড়: পালা করে খেলুন।
info-game = { $rated ->
        [rated] রেটেড খেলা
       *[casual] সাধারণ খেলা
    }{ $control ->
        [none] {""}
       *[other] , { $control }
    }: আপনি { $color ->
        [white] সাদা
       *[black] কালো
    } নিয়ে খেলছেন।
info-game-against = { $rated ->
        [rated] রেটেড খেলা
       *[casual] সাধারণ খেলা
    }{ $control ->
        [none] {""}
       *[other] , { $control }
    }: আপনি { $name }-এর বিরুদ্ধে { $color ->
        [white] সাদা
       *[black] কালো
    } নিয়ে খেলছেন।
info-friend = বন্ধুর সঙ্গে খেলা{ $control ->
        [none] {""}
       *[other] , { $control }
    }: আপনি { $color ->
        [white] সাদা
       *[black] কালো
    } নিয়ে খেলছেন।
info-no-fifty = পঞ্চাশ চালের নিয়ম নেই।

## How games end ($winner and $loser are "white" or "black")

end-checkmate = কিস্তিমাত: { $winner ->
        [white] সাদা
       *[black] কালো
    } জিতেছে।
end-resignation = { $loser ->
        [white] সাদা
       *[black] কালো
    } হার মেনেছে: { $winner ->
        [white] সাদা
       *[black] কালো
    } জিতেছে।
end-stalemate = অচলাবস্থায় ড্র: যার চাল তার কোনো বৈধ চাল নেই, আর সে কিস্তিতেও নেই।
end-insufficient-material = যথেষ্ট ঘুঁটি না থাকায় ড্র: কোনো পক্ষই কিস্তিমাত করতে পারে না।
end-fivefold-repetition = পাঁচবার পুনরাবৃত্তিতে ড্র: একই অবস্থান পঞ্চমবার।
end-seventy-five-moves = পঁচাত্তর চালের নিয়মে ড্র: দুই পক্ষের 75টি করে চালে কোনো ঘুঁটি কাটা পড়েনি, কোনো বোড়েও সরেনি।
end-threefold-repetition = তিনবার পুনরাবৃত্তিতে ড্র: একই অবস্থান তৃতীয়বার, দাবি করা হয়েছে।
end-fifty-moves = পঞ্চাশ চালের নিয়মে ড্র: দুই পক্ষের 50টি করে চালে কোনো ঘুঁটি কাটা পড়েনি, কোনো বোড়েও সরেনি, দাবি করা হয়েছে।
end-agreement = সমঝোতায় ড্র।
end-timeout = { $loser ->
        [white] সাদার
       *[black] কালোর
    } সময় ফুরিয়েছে: { $winner ->
        [white] সাদা
       *[black] কালো
    } জিতেছে।
end-timeout-insufficient-material = ড্র: এক খেলোয়াড়ের সময় ফুরিয়েছে, কিন্তু অন্যজন কিস্তিমাত করতে পারতেন না।
end-aborted = দুজন খেলোয়াড় চাল দেওয়ার আগেই খেলা বাতিল হয়েছে।

## Pieces and the board, in words (screen readers, titles)

piece-king = রাজা
piece-queen = মন্ত্রী
piece-rook = নৌকা
piece-bishop = হাতি
piece-knight = ঘোড়া
piece-pawn = বোড়ে
piece-coloured = { $color ->
        [white] সাদা
       *[black] কালো
    } { $piece }
square-empty = খালি
square-selected = তোলা হয়েছে
square-target = তোলা ঘুঁটি এখানে যেতে পারে
square-premove = আগাম চাল
square-check = কিস্তিতে
square-last-move = শেষ চাল
board-rank = সারি { $rank }
san-castle-short = রাজার দিকে ক্যাসলিং
san-castle-long = মন্ত্রীর দিকে ক্যাসলিং
san-move = { $piece } { $to }
san-capture = { $piece } { $to }-তে কাটে
san-promotion = { $move }, { $piece }-তে পদোন্নতি
san-check = { $move }, কিস্তি
san-mate = { $move }, কিস্তিমাত
said-move = { $who }: { $move }
taken-back = { $count ->
        [one] একটি চাল ফেরানো হয়েছে।
       *[other] { $count }টি চাল ফেরানো হয়েছে।
    }

## Review

review-title = পর্যালোচনা
review-ask = Daba-কে খেলাটি পর্যালোচনা করতে বলুন
review-accuracy = নির্ভুলতা
review-errors = ভুল
review-graph =
    .aria-label = প্রতিটি চালের পরের মূল্যায়ন: মাঝের রেখার ওপরে সাদার সুবিধা। কোনো চালে যেতে ক্লিক করুন।
review-none = কোনো অনির্ভুলতা, ভুল বা বড় ভুল নেই।
review-running = Daba খেলাটি পর্যালোচনা করছে: { $total }টির মধ্যে { $done }টি অবস্থান…
review-waiting = { $ahead ->
        [one] Daba-র অপেক্ষা (আগে { $ahead }টি পর্যালোচনা)…
       *[other] Daba-র অপেক্ষা (আগে { $ahead }টি পর্যালোচনা)…
    }
review-asking = Daba-কে জিজ্ঞেস করা হচ্ছে…
review-counts = { $inaccuracies }টি অনির্ভুলতা, { $mistakes }টি ভুল, { $blunders }টি বড় ভুল
mark-inaccuracy = অনির্ভুলতা
mark-mistake = ভুল
mark-blunder = বড় ভুল
review-mate = মাত
review-better = আরও ভালো: { $line }

## Errors

error-status = সার্ভার { $status } উত্তর দিয়েছে
error-retry = { $error } ({ $wait } পরে আবার চেষ্টা করুন)
error-username-taken = এই ব্যবহারকারী নামটি আগেই নেওয়া হয়েছে।
error-wrong-credentials = ব্যবহারকারী নাম বা পাসওয়ার্ড ভুল।
error-wrong-password = এটা আপনার পাসওয়ার্ড নয়।
error-games-going = আপনার খেলা চলছে: আগে সেগুলো শেষ করুন, হার মানুন বা বাতিল করুন।
error-too-many-attempts = অনেকবার চেষ্টা হয়েছে
error-busy = সার্ভার পাসওয়ার্ড যাচাইয়ে ব্যস্ত; একটু পরে আবার চেষ্টা করুন।
error-unavailable = সার্ভার তার ডেটাবেসে পৌঁছাতে পারছে না; একটু পরে আবার চেষ্টা করুন।
error-chat-too-fast = একটু ধীরে: একসঙ্গে অনেক বার্তা হয়ে গেছে
error-too-many-games = একজন খেলোয়াড়ের যত খেলা চলতে পারে, আপনার ততগুলোই চলছে; আগে একটি শেষ করুন।
error-too-many-seeks = একজন খেলোয়াড়ের যত খোলা চ্যালেঞ্জ থাকতে পারে, আপনার ততগুলোই আছে; আগে একটি বাতিল করুন।
wait-seconds = { $seconds ->
        [one] { $seconds } সেকেন্ড
       *[other] { $seconds } সেকেন্ড
    }
wait-minutes = { $minutes ->
        [one] { $minutes } মিনিট
       *[other] { $minutes } মিনিট
    }
ago-now = এইমাত্র
ago-years = { $n ->
        [one] { $n } বছর আগে
       *[other] { $n } বছর আগে
    }
ago-months = { $n ->
        [one] { $n } মাস আগে
       *[other] { $n } মাস আগে
    }
ago-weeks = { $n ->
        [one] { $n } সপ্তাহ আগে
       *[other] { $n } সপ্তাহ আগে
    }
ago-days = { $n ->
        [one] { $n } দিন আগে
       *[other] { $n } দিন আগে
    }
ago-hours = { $n ->
        [one] { $n } ঘণ্টা আগে
       *[other] { $n } ঘণ্টা আগে
    }
ago-minutes = { $n ->
        [one] { $n } মিনিট আগে
       *[other] { $n } মিনিট আগে
    }

## The help: how the pieces move

help-close = সাহায্য বন্ধ করুন
help-intro = ছোট বোর্ডের কোনো ঘুঁটিতে ক্লিক করে দেখুন সেটা কোন ঘরগুলোতে যেতে পারে, তারপর চাল দিতে একটি ঘরে ক্লিক করুন; "আবার শুরু" বোর্ড আগের মতো করে দেয়। দেখানো নিয়মগুলো Daba নিজেই দেয়, তাই বোর্ড সবসময় ঠিক।
help-beside = খেলার বোর্ডে একটি ঘুঁটি তুলুন: তার পাঠ এখানে আসবে।
help-all = সব পাঠ দেখান
help-following = আপনার তোলা ঘুঁটির পাঠ: { $piece }।
help-idle = { $color ->
        [white] সাদার
       *[black] কালোর
    } চাল। একটি ঘুঁটিতে ক্লিক করুন।
help-played = { $color ->
        [white] সাদা
       *[black] কালো
    } { $san } চাল দিয়েছে।
help-empty = একটি খালি ঘর।
help-waits = এখন { $mover ->
        [white] সাদার
       *[black] কালোর
    } পালা: { $mover ->
        [white] সাদা
       *[black] কালো
    } চাল না দেওয়া পর্যন্ত { $side ->
        [white] সাদার
       *[black] কালোর
    } ঘুঁটিরা অপেক্ষা করে।
help-no-move = এই { $piece }-এর এখানে কোনো বৈধ চাল নেই।
help-can-go = { $count ->
        [one] { $piece } { $count }টি ঘরে যেতে পারে।
       *[other] { $piece } { $count }টি ঘরে যেতে পারে।
    }
help-promotes = শেষ সারিতে পৌঁছালে এটি মন্ত্রী, নৌকা, হাতি বা ঘোড়া হয়ে যায়: চারটি বিকল্প।
help-reset = আবার শুরু
help-reset-label = বোর্ড আবার শুরু করুন: { $title }
help-board-label = পাঠের বোর্ড: { $title }
lesson-king = রাজা
lesson-king-text = রাজা যেকোনো দিকে এক ঘর যায়। শত্রুর ঘুঁটি আক্রমণ করছে এমন ঘরে সে কখনো যেতে পারে না। তাকে নিরাপদে রাখুন: গোটা খেলাটাই রাজাকে ঘিরে।
lesson-queen = মন্ত্রী
lesson-queen-text = মন্ত্রী সরলরেখায় যতদূর খুশি যায়: সারি, স্তম্ভ বা কোনাকুনি। পথে প্রথম যে ঘুঁটি পড়ে সেখানে সে থামে, আর সেটি শত্রুর হলে কাটতে পারে।
lesson-rook = নৌকা
lesson-rook-text = নৌকা সারি বা স্তম্ভ ধরে যতদূর খুশি যায়, কখনো কোনাকুনি নয়।
lesson-bishop = হাতি
lesson-bishop-text = হাতি কোনাকুনি যতদূর খুশি যায়, তাই সারা খেলা সে একই রঙের ঘরে থাকে।
lesson-knight = ঘোড়া
lesson-knight-text = ঘোড়া L আকারে লাফায়: একদিকে দুই ঘর আর পাশে এক ঘর। অন্য ঘুঁটির ওপর দিয়ে লাফাতে পারে শুধু সে-ই, তাই চারপাশের ভিড় তাকে আটকায় না।
lesson-pawn = বোড়ে
lesson-pawn-text = বোড়ে সোজা সামনে এক ঘর যায়, বা শুরুর ঘর থেকে দুই ঘর, তবে শুধু খালি ঘরে। সে কাটে অন্যভাবে: সামনে কোনাকুনি এক ঘর।
lesson-castling = ক্যাসলিং
lesson-castling-text = খেলায় একবার রাজা ক্যাসলিং করতে পারে: সে একটি নৌকার দিকে দুই ঘর যায়, আর সেই নৌকা লাফিয়ে রাজার পেরোনো ঘরে আসে। শুধু তখনই চলে যদি দুজনের কেউ এখনো না সরে থাকে, মাঝের ঘরগুলো খালি থাকে, আর রাজা কিস্তিতে না থাকে, আক্রান্ত ঘর না পেরোয় এবং কিস্তিতে গিয়ে না পড়ে। রাজায় ক্লিক করুন, তারপর নৌকার দিকে দুই ঘর দূরের ঘরে (বা নৌকাতেই), আর নৌকার লাফ দেখুন।
lesson-en-passant = অঁ পাসঁ
lesson-en-passant-text = কোনো বোড়ে দুই ঘর এগিয়ে শত্রুর বোড়ের পাশে এসে পড়লে, সেই শত্রু বোড়ে তাকে এমনভাবে কাটতে পারে যেন সে মাত্র এক ঘর এগিয়েছিল: সে তার পেছনে কোনাকুনি যায়। শুধু ঠিক পরের চালেই। এখানে কালোর বোড়ে এইমাত্র d7 থেকে d5-এ গেল: e5-এর সাদা বোড়েতে ক্লিক করুন, তারপর d6-এ, আর কালো বোড়ের বিদায় দেখুন।
lesson-promotion = পদোন্নতি
lesson-promotion-text = যে বোড়ে শেষ সারিতে পৌঁছায় সে খেলোয়াড়ের পছন্দমতো মন্ত্রী, নৌকা, হাতি বা ঘোড়া হয়ে যায় (সাধারণত মন্ত্রী)। বোড়েটিকে e8-এ নিয়ে যান আর বেছে নিন।
lesson-check = কিস্তি
lesson-check-text = আক্রান্ত রাজা কিস্তিতে থাকে। তার খেলোয়াড়কে সঙ্গে সঙ্গে কিস্তি কাটাতে হবে: রাজাকে সরিয়ে, মাঝে একটি ঘুঁটি রেখে, বা আক্রমণকারীকে কেটে। এখানে নৌকা সাদা রাজাকে কিস্তি দিচ্ছে, আর শুধু প্রথম সারি থেকে সরে যাওয়া রাজার চালই কাজে আসে।
lesson-checkmate = কিস্তিমাত
lesson-checkmate-text = বেরোনোর পথ নেই এমন কিস্তি: কিস্তিমাত, আর খেলা শেষ। যে মাত করে সে জেতে। এখানে কালোর নিজের বোড়েরাই রাজাকে আটকে রেখেছে।
lesson-draws = ড্র
draws-when = খেলা ড্র হয় যখন:
draws-stalemate = অচলাবস্থা
draws-stalemate-text = যার চাল তার কোনো বৈধ চাল নেই কিন্তু সে কিস্তিতেও নেই (এখানের বোর্ড: কালোর চাল)।
draws-material = যথেষ্ট ঘুঁটি নেই
draws-material-text = কেউই কখনো মাত করতে পারবে না, যেমন রাজার বিরুদ্ধে রাজা, বা রাজা আর একটি ঘোড়া বা হাতির বিরুদ্ধে রাজা।
draws-repetition = পুনরাবৃত্তি
draws-repetition-text = একই অবস্থান তৃতীয়বার ফিরে আসে, আর যার চাল সে ড্র দাবি করে; পঞ্চমবারে আপনা থেকেই ড্র।
draws-fifty = পঞ্চাশ চাল
draws-fifty-text = দুই পক্ষের পঞ্চাশটি করে চালে কোনো ঘুঁটি কাটা পড়েনি, কোনো বোড়েও সরেনি, আর একজন খেলোয়াড় দাবি করে; পঁচাত্তরের পরে আপনা থেকেই ড্র।
draws-agreement = সমঝোতা
draws-agreement-text = একজন খেলোয়াড় ড্রয়ের প্রস্তাব দেন আর অন্যজন মেনে নেন।

## Tables for four (four-handed team chess): the lobby's panel and a
## table's page. $seat (and $by) is a seat's letter: S (South, red),
## W (West, blue), N (North, yellow), E (East, green); $team is SN or WE.

fh-lobby-title = চারজনের দাবা
fh-lobby-intro = 160 ঘরের যোগচিহ্ন-আকৃতির বোর্ডে চারজনের দলগত দাবা: দক্ষিণ আর উত্তর বনাম পশ্চিম আর পূর্ব, প্রত্যেক খেলোয়াড়ের নিজের বাহিনী; যে দল দুই প্রতিপক্ষকেই কিস্তিমাত করে, সে জেতে। কিস্তিমাত হওয়া বাহিনী জমে থাকে, যতক্ষণ না তার সঙ্গী তাকে মুক্ত করে।
fh-lobby-caption = আসন খালি আছে এমন চারজনের টেবিল
fh-lobby-table = টেবিল
fh-lobby-empty = এখন কোনো চারজনের টেবিল খেলোয়াড়ের অপেক্ষায় নেই।
fh-lobby-signin-before = এখানে তালিকার কোনো টেবিলে বসতে
fh-lobby-signin-link = সাইন ইন করুন
fh-lobby-signin-after = ; আসনের লিংক দিয়ে যে কেউ আসতে পারেন।
fh-lobby-legend = টেবিল খুলুন: কে কোথায় বসবে?
fh-lobby-listed = কোনো আসন খালি থাকা পর্যন্ত টেবিলটি এখানে তালিকায় রাখুন, যাতে সাইন ইন করা খেলোয়াড়েরা বসতে পারেন
fh-lobby-create = টেবিল খুলুন
fh-option-person = একজন মানুষ (পাঠানোর লিংক, বা লবির যে কেউ)
fh-one-you = ঠিক একটি আসনের জন্য "আপনি" বেছে নিন।
fh-look = টেবিলটি দেখুন
fh-list-guest = অতিথি
fh-list-computer = Daba স্তর { $level }
fh-seat = { $seat ->
        [S] দক্ষিণ
        [W] পশ্চিম
        [N] উত্তর
       *[E] পূর্ব
    }
fh-seat-colour = { $seat ->
        [S] দক্ষিণ (লাল)
        [W] পশ্চিম (নীল)
        [N] উত্তর (হলুদ)
       *[E] পূর্ব (সবুজ)
    }
fh-team = { $team ->
        [SN] দক্ষিণ আর উত্তর
       *[WE] পশ্চিম আর পূর্ব
    } একসঙ্গে খেলে।
fh-computer = { $level ->
        [0] Daba, স্তর 0 (এলোমেলো চাল)
       *[other] Daba, স্তর { $level }
    }
fh-you-named = আপনি ({ $name })
fh-open = খালি আসন
fh-sit = এখানে বসুন
fh-sit-at = { $seat ->
        [S] দক্ষিণের
        [W] পশ্চিমের
        [N] উত্তরের
       *[E] পূর্বের
    } আসনে বসুন
fh-seat-taken = { $seat ->
        [S] দক্ষিণের
        [W] পশ্চিমের
        [N] উত্তরের
       *[E] পূর্বের
    } আসনে বসা গেল না: { $error }
fh-frozen = জমাট
fh-to-move = চালের পালা
fh-thinking = ভাবছে
fh-title = চারজনের টেবিল
fh-gone = সার্ভারে এমন কোনো টেবিল নেই: লিংক ভুল হতে পারে।
fh-invite = প্রত্যেক খেলোয়াড়কে তাঁর আসনের লিংক পাঠান; সব আসন ভরে গেলে খেলা শুরু হবে।
fh-link-of = { $seat ->
        [S] দক্ষিণের
        [W] পশ্চিমের
        [N] উত্তরের
       *[E] পূর্বের
    } লিংক
fh-copy-link = { $seat ->
        [S] দক্ষিণের
        [W] পশ্চিমের
        [N] উত্তরের
       *[E] পূর্বের
    } আসনের লিংক কপি করুন
fh-resign = দলের হয়ে হার মানুন
fh-record = রেকর্ড ডাউনলোড করুন
fh-resign-question = আপনার দলের হয়ে হার মানবেন? অন্য দল খেলাটি জিতবে।
fh-objections-title = বহাল আপত্তি
fh-banned = { $seat ->
        [S] দক্ষিণ
        [W] পশ্চিম
        [N] উত্তর
       *[E] পূর্ব
    } { $move } চাল দিতে পারবে না ({ $by ->
        [S] দক্ষিণের
        [W] পশ্চিমের
        [N] উত্তরের
       *[E] পূর্বের
    } আপত্তি)
fh-chat-title = টেবিলের আলাপ
fh-chat-hint = চারজন খেলোয়াড়ই এটা পড়েন: সঙ্গীরা এখানে চাল নিয়ে পরামর্শ করতে পারেন না। যে লাইন লেখকের সঙ্গীকে কোনো চাল বাতলে দেয়, তাতে প্রতিপক্ষ আপত্তি করতে পারেন; তখন সেই সঙ্গী কিছুক্ষণ চালটি দিতে পারেন না: পরের তিন চাল ধরে, বা কোনো নিয়মে নিজের পরের তিন পালায় (টেবিলের নিয়ম বলে দেয়)।
fh-chat-text =
    .aria-label = টেবিলে বার্তা
fh-object = আপত্তি
fh-object-label = { $seat ->
        [S] দক্ষিণের
        [W] পশ্চিমের
        [N] উত্তরের
       *[E] পূর্বের
    } লেখা { $line } নম্বর লাইনে আপত্তি করুন
fh-objected = আপত্তি করা হয়েছে
fh-watching = আপনি এই টেবিলটি দেখছেন।
fh-status-waiting = { $count ->
        [one] আরও { $count } জন খেলোয়াড়ের বসার অপেক্ষা।
       *[other] আরও { $count } জন খেলোয়াড়ের বসার অপেক্ষা।
    }
fh-status-your-move = আপনার চাল।
fh-status-to-move = { $seat ->
        [S] দক্ষিণের
        [W] পশ্চিমের
        [N] উত্তরের
       *[E] পূর্বের
    } চাল।
fh-doc-title = Daba দাবা: { $status }
fh-doc-title-over = Daba দাবা: চারজনের টেবিল

## A table's board, in words (screen readers)

fh-board-label = চারজনের বোর্ড, নিচে { $seat ->
        [S] দক্ষিণ
        [W] পশ্চিম
        [N] উত্তর
       *[E] পূর্ব
    }
fh-row = সারি { $row }
fh-piece = { $seat ->
        [S] দক্ষিণের
        [W] পশ্চিমের
        [N] উত্তরের
       *[E] পূর্বের
    } { $piece }
fh-ribbon = ফিতে বাঁধা (উল্টো দিকে ফিরেছে)
fh-caps = { $count ->
        [one] { $count }বার কেটেছে
       *[other] { $count }বার কেটেছে
    }
fh-rules-summary = নিয়ম: এখানে না বদলালে নিয়ম-পাঠের নিজস্ব নিয়মই
fh-rules-promotion = বোড়ে পদোন্নতিতে হয়
fh-rules-promotion-queen = মন্ত্রী (পাঠের নিয়ম)
fh-rules-promotion-choice = খেলোয়াড়ের পছন্দ: মন্ত্রী, নৌকা, হাতি বা ঘোড়া
fh-rules-objection = মেনে নেওয়া আপত্তি চালটি নিষেধ করে
fh-rules-objection-plies = পরের 3টি চাল পর্যন্ত (পাঠের নিয়ম)
fh-rules-objection-own-turns = পরামর্শ পাওয়া খেলোয়াড়ের পরের 3টি পালা পর্যন্ত
fh-rules-stalemate = চালহীন (স্টেলমেট) খেলোয়াড়
fh-rules-stalemate-pass = পালা ছেড়ে দেন (পাঠের নিয়ম)
fh-rules-stalemate-draw = খেলা ড্রয়ে শেষ করেন
fh-rules-repetition = তৃতীয়বার আসা অবস্থান
fh-rules-repetition-automatic = সঙ্গে সঙ্গে ড্র (পাঠের নিয়ম)
fh-rules-repetition-claim = চাল দেওয়ার খেলোয়াড়কে ড্র দাবি করতে দেয়
fh-rules-no-progress = কোনো ঘুঁটি না কেটে আর বোড়ে না চেলে 200 চাল (50 দান)
fh-rules-no-progress-off = কিছু বদলায় না (পাঠের নিয়ম)
fh-rules-no-progress-200 = খেলা ড্রয়ে শেষ হয়
fh-rules-partner-king = আগে থেকেই কিস্তিতে থাকা সঙ্গীর রাজার উপর নতুন আক্রমণকারী আনা চাল
fh-rules-partner-king-strict = চলে না (পাঠের নিয়ম)
fh-rules-partner-king-simple = চলে
fh-rules-more = অন্য সেটিং, name=value আকারে কমা দিয়ে আলাদা করে (docs/fourhand.md)
fh-rules-line = নিয়ম: { $rules }
fh-rules-default = নিয়ম-পাঠের নিজস্ব নিয়ম
fh-claim = ড্র দাবি করুন: অবস্থানটি তৃতীয়বার এল
fh-team-name = { $team ->
        [SN] দক্ষিণ আর উত্তর
       *[WE] পশ্চিম আর পূর্ব
    }
fh-ply-move = { $who } { $move } চাল দিল।
fh-ply-frozen-pass = { $who } জমাট, তাই চাল ছেড়ে দেয়।
fh-ply-stalemate-pass = { $who } অচল, তাই চাল ছেড়ে দেয়।
fh-ply-mated = { $who } কিস্তিমাত: তার সৈন্যদল জমে গেল।
fh-event-ribbon-on = বোড়েটি ঘুরে দাঁড়ায় আর একটি ফিতে পায়।
fh-event-ribbon-off = বোড়েটি ঘরে ফিরল: তার ফিতে খুলে যায়।
fh-event-queen = বোড়েটি মন্ত্রী হয়।
fh-event-rook = বোড়েটি নৌকা হয়।
fh-event-bishop = বোড়েটি হাতি হয়।
fh-event-knight = বোড়েটি ঘোড়া হয়।
fh-event-check = কিস্তি।
fh-released = { $who } মুক্ত হল: তার সৈন্যদল আবার চলে।
fh-end-resigned = { $losers } হার মানল: { $winners } জিতল।
fh-end-ply-limit = ড্র: টেবিলটি { $plies } চালের সীমায় পৌঁছেছে।
fh-end-claimed = ড্র: একই অবস্থান তৃতীয়বার আসায় { $who } দাবি করল।
fh-end-mate = { $winners } জিতল: { $losers } দুজনেই কিস্তিমাত।
fh-end-mate-and-stalemate = ড্র: একজন খেলোয়াড় কিস্তিমাত আর তার সঙ্গী অচল।
fh-end-only-kings = ড্র: শুধু চার রাজা বাকি।
fh-end-repetition = ড্র: একই অবস্থান তৃতীয়বার এল।
fh-end-stalemate = অচলাবস্থায় ড্র।
fh-end-no-progress = ড্র: অনেকক্ষণ কোনো খাওয়া বা বোড়ের চাল হয়নি।
fh-objection-said = { $by } আপত্তি করল: { $writer } { $advised }-কে { $move } বাতলে দিয়েছিল, তাই { $advised } চালটি { $span ->
        [own-turns] নিজের পরের তিন পালায়
       *[plies] পরের তিন চাল ধরে
    } দিতে পারবে না।
