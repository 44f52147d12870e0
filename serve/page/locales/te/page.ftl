# Daba chess: the page's words in Telugu (తెలుగు). The source is en/page.ftl;
# this file has exactly its message ids and variables. Chess notation (SAN)
# stays as it is. Latin digits throughout, as on clocks.

## The page and its header

page-title = దాబా చదరంగం
title-your-move = మీ ఎత్తు · దాబా చదరంగం
skip-link = పేజీకి వెళ్ళండి
site-name = దాబా చదరంగం
nav-play = ఆడండి
nav-games = నా ఆటలు
games-badge =
    .title = మీ ఎత్తు వంతు ఉన్న ఆటలు
nav-help = పావులు ఎలా కదులుతాయి
language-label = భాష
settings = అమరికలు
settings-board = బోర్డు
settings-pieces = పావులు
settings-sound = ఎత్తుల శబ్దం
theme-wood = చెక్క
theme-blue = నీలం
theme-green = ఆకుపచ్చ
theme-contrast = అధిక కాంట్రాస్ట్
set-daba = దాబా
set-shapes = ఆకారాలు
nav-signin = సైన్ ఇన్
nav-signup = ఖాతా తెరవండి
nav-signout = సైన్ అవుట్

## Words used in many places

colour-white = తెలుపు
colour-black = నలుపు
colour-random = ఏదైనా
your-colour = మీ రంగు
mode-rated = రేటెడ్
mode-casual = సాధారణ
col-player = ఆటగాడు
col-rating = రేటింగ్
col-time = సమయం
col-mode = రకం
col-colour = రంగు
col-action = చర్య
col-opponent = ప్రత్యర్థి
col-moves = ఎత్తులు
col-result = ఫలితం
col-changed = చివరి మార్పు
time-control = సమయ నియంత్రణ
minutes-per-side = ఒక్కో వైపుకు నిమిషాలు
increment-seconds = ఎత్తుకు అదనపు సెకన్లు
cancel = రద్దు
accept = అంగీకరించు
username = వాడుకరి పేరు
password = సంకేతపదం

## The lobby

lobby-challenges = తెరిచి ఉన్న సవాళ్ళు
lobby-empty = ప్రస్తుతం ఎవరూ ప్రత్యర్థి కోసం ఎదురుచూడటం లేదు. ఒక ఆట సృష్టించండి, ఇతరులు దాన్ని ఇక్కడ చూస్తారు.
lobby-no-fifty = { $mode }, 50-ఎత్తుల నియమం లేదు
lobby-nobody-online = ప్రస్తుతం సైన్ ఇన్ అయిన ఆటగాళ్ళు ఎవరూ లేరు.
lobby-counts = { $games ->
        [one] { $games } ఆట
       *[other] { $games } ఆటలు
    } జరుగుతున్నాయి, లాబీలో { $guests ->
        [one] { $guests } అతిథి
       *[other] { $guests } అతిథులు
    }.
lobby-playing = { $games ->
        [one] { $games } ఆట జరుగుతోంది.
       *[other] { $games } ఆటలు జరుగుతున్నాయి.
    }
lobby-closed = ఈ సర్వర్‌లో లాబీ ఇంకా తెరవలేదు.
lobby-unreachable = లాబీని చేరుకోలేకపోయాం: { $error }
lobby-accept-failed = అంగీకరించలేకపోయాం: { $error }
lobby-cancel-failed = రద్దు చేయలేకపోయాం: { $error }
online-title = ఆన్‌లైన్
seek-title = ఆట సృష్టించండి
seek-guest = ఇక్కడ ఇతరులతో ఆడటానికి సైన్ ఇన్ చేయండి లేదా ఖాతా తెరవండి:
seek-guest-signin = సైన్ ఇన్
seek-guest-signup = ఖాతా తెరవండి
seek-fifty = యాభై ఎత్తుల నియమం (ఇరువైపులా 50 ఎత్తుల పాటు ఏ పావూ చంపబడకపోతే, ఏ బంటూ కదలకపోతే డ్రా కోరవచ్చు)
seek-create = సవాలు సృష్టించండి
seek-waiting = మీ సవాలు ({ $control }, { $rated ->
        [rated] రేటెడ్
       *[casual] సాధారణ
    }) జాబితాలో ప్రత్యర్థి కోసం ఎదురుచూస్తోంది.
seek-signin-first = ముందు సైన్ ఇన్ చేయండి.
setup-title = కంప్యూటర్‌తో లేదా స్నేహితుడితో ఆడండి
setup-who = ఎవరితో ఆడతారు?
setup-computer = దాబా, కంప్యూటర్
setup-local = ఈ తెరపైనే స్నేహితుడు (వంతులవారీగా)
setup-friend = మరో బ్రౌజర్‌లో స్నేహితుడు (లింక్ పంపండి)
setup-level = స్థాయి
setup-level-hint = మొదటి స్థాయి యాదృచ్ఛిక ఎత్తులు వేస్తుంది: కొత్తవారికి మంచి ప్రారంభం.
setup-white = తెలుపు (మీరు మొదలుపెడతారు)
setup-fifty = యాభై ఎత్తుల నియమం
setup-fen = ఒక స్థితి నుండి మొదలుపెట్టండి (FEN)
setup-start = ఆట మొదలుపెట్టండి
level-option-random = స్థాయి { $level }: యాదృచ్ఛిక ఎత్తులు
level-option-full = స్థాయి { $level }: పూర్తి బలం, సుమారు { $elo } Elo
level-option = స్థాయి { $level }: సుమారు { $elo } Elo
my-games-all = నా అన్ని ఆటలు
my-games-none = ఏ ఆటా జరగడం లేదు.

## Time controls and clocks

speed = { $speed ->
        [bullet] బుల్లెట్
        [blitz] బ్లిట్జ్
        [rapid] ర్యాపిడ్
       *[classical] క్లాసికల్
    }
speed-lower = { $speed ->
        [bullet] బుల్లెట్
        [blitz] బ్లిట్జ్
        [rapid] ర్యాపిడ్
        [classical] క్లాసికల్
        [correspondence] ఉత్తరప్రత్యుత్తర
       *[unlimited] అపరిమిత
    }
control-preset = { $control } { $speed ->
        [bullet] బుల్లెట్
        [blitz] బ్లిట్జ్
        [rapid] ర్యాపిడ్
       *[classical] క్లాసికల్
    }
control-unlimited = అపరిమితం
control-no-clock = గడియారం లేకుండా
control-custom-group = మీకు నచ్చినట్లు
control-custom = మీకు నచ్చినట్లు: నిమిషాలు + సెకన్లు…
control-correspondence = ఉత్తరప్రత్యుత్తర ఆట
control-days = { $days ->
        [one] { $days } రోజు
       *[other] { $days } రోజులు
    }
control-days-per-move = { $days ->
        [one] ఎత్తుకు { $days } రోజు
       *[other] ఎత్తుకు { $days } రోజులు
    }
custom-minutes = { $minutes } నిమి
custom-seconds = { $seconds } సె
clock-days = { $days ->
        [one] { $days } రోజు { $hours } గం
       *[other] { $days } రోజులు { $hours } గం
    }
clock-hours = { $hours } గం { $minutes } నిమి

## Signing in and up

signin-no-account = ఖాతా లేదా?
signin-free = : ఇది ఉచితం.
signup-username-hint = 3 నుండి 20 అక్షరాలు: ఆంగ్ల అక్షరాలు, అంకెలు, _ లేదా -, మొదట అక్షరం. ఇతరులు దీన్ని చూస్తారు.
signup-password-hint = కనీసం 8 అక్షరాలు.
signup-have-account = ఇప్పటికే ఖాతా ఉందా?
signin-wrong = వాడుకరి పేరు లేదా సంకేతపదం తప్పు.
signup-taken = ఈ పేరు ఇప్పటికే తీసుకోబడింది: మరొకటి ఎంచుకోండి.

## My games and profiles

games-none = ఇంకా ఆటలు లేవు:
games-none-link = లాబీ నుండి ఒకటి ఆడండి
games-not-listed = ఈ సర్వర్ ఇంకా ఆటల జాబితా ఇవ్వదు.
games-load-failed = మీ ఆటలను తేలేకపోయాం: { $error }
game-versus = { $name } తో
game-your-move = మీ ఎత్తు
game-their-move = వారి ఎత్తు
result-your-move = మీ ఎత్తు
result-their-move = వారి ఎత్తు
result-draw = డ్రా
result-won = గెలుపు { $result }
result-lost = ఓటమి { $result }
profile-provisional = (తాత్కాలికం: మరిన్ని రేటెడ్ ఆటల తర్వాత రేటింగ్ స్థిరపడుతుంది)
profile-rated-games = రేటెడ్ ఆటలు
profile-wins = గెలుపులు
profile-draws = డ్రాలు
profile-losses = ఓటములు
profile-since = { $date } నుండి సభ్యులు.
profile-pgn = అన్ని ఆటలను డౌన్‌లోడ్ చేయండి (PGN)
profile-games-title = ఆటలు
profile-no-player = { $name } అనే ఆటగాడు ఎవరూ లేరు.
profile-no-games = ఇంకా ఆటలు లేవు.
profile-no-history = ఈ సర్వర్‌లో ఆటల చరిత్ర ఇంకా అందుబాటులో లేదు.
account-settings = ఖాతా అమరికలు
password-title = మీ సంకేతపదం మార్చండి
password-current = ప్రస్తుత సంకేతపదం
password-new = కొత్త సంకేతపదం (కనీసం 8 అక్షరాలు)
password-submit = సంకేతపదం మార్చండి
password-changed = మీ సంకేతపదం మారింది; మీ ఇతర సెషన్ల నుండి సైన్ అవుట్ చేశాం.
close-title = మీ ఖాతా మూసివేయండి
close-hint = మీ ఖాతా, సెషన్లు, తెరిచి ఉన్న సవాళ్ళు తొలగిపోతాయి, మీ పేరు ఇతరులకు అందుబాటులోకి వస్తుంది; ముగిసిన ఆటల్లో ఆడినప్పటి పేరే ఉంటుంది. ముందు మీ ఆటలను ముగించండి, ఓటమి ఒప్పుకోండి లేదా రద్దు చేయండి.
close-submit = నా ఖాతా మూసివేయండి
close-confirm = మీ ఖాతాను శాశ్వతంగా మూసివేయాలా? దీన్ని వెనక్కి తీసుకోలేరు.
close-keep = నా ఖాతాను ఉంచండి

## The game

board =
    .aria-label = చదరంగం బోర్డు
board-keys = బాణం కీలతో గడుల మధ్య కదలండి; Enter లేదా Space పావును ఎత్తి గడిలో ఉంచుతుంది; Escape కిందపెడుతుంది.
promote-to = దేనిగా పదోన్నతి:
gone = సర్వర్‌లో అలాంటి ఆట లేదు: లింక్ తప్పు కావచ్చు, లేదా ఆట తొలగించబడింది.
gone-lobby = లాబీకి తిరిగి వెళ్ళండి
new-game = కొత్త ఆట
undo = ఎత్తు వెనక్కి
flip = బోర్డు తిప్పండి
abort = ఆట రద్దు చేయండి
takeback-ask = ఎత్తు వెనక్కి తీసుకోవాలని ప్రతిపాదించండి
takeback-cancel = ఎత్తు వెనక్కి అభ్యర్థన రద్దు
takeback-accept = ఎత్తు వెనక్కి అంగీకరించండి
takeback-decline = ఎత్తు వెనక్కి తిరస్కరించండి
offer-draw = డ్రా ప్రతిపాదించండి
draw-offered = డ్రా ప్రతిపాదించారు
accept-draw = డ్రా అంగీకరించండి
decline-draw = డ్రా తిరస్కరించండి
claim-draw = డ్రా కోరండి
notice-takeback-asked = { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } తన ఎత్తును వెనక్కి తీసుకోవాలని అడుగుతోంది.
notice-takeback-agreed = { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } ఒక ఎత్తు వెనక్కి తీసుకోవడానికి ఒప్పుకుంది.
notice-takeback-declined = { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } ఎత్తు వెనక్కి తీసుకోవడానికి ఒప్పుకోలేదు.
notice-draw-offered = { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } డ్రా ప్రతిపాదించింది.
notice-draw-declined = { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } డ్రా ప్రతిపాదనను తిరస్కరించింది.
notice-computer-declines-draw = దాబా డ్రా ప్రతిపాదనను తిరస్కరించింది.
notice-computer-could-not-move = దాబా ఎత్తు వేయలేకపోయింది: సర్వర్ చాలా రద్దీగా ఉంది. తర్వాత మళ్ళీ ప్రయత్నించండి.
notice-rematch-offered = { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } మళ్ళీ ఆడదామని ప్రతిపాదించింది.
notice-rematch-declined = { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } మళ్ళీ ఆడే ప్రతిపాదనను తిరస్కరించింది.
notice-rematch-accepted = { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } మళ్ళీ ఆడటానికి ఒప్పుకుంది: కొత్త ఆట, రంగులు మారాయి.
claim-threefold = డ్రా కోరండి (మూడుసార్లు పునరావృతం)
claim-fifty = డ్రా కోరండి (యాభై ఎత్తుల నియమం)
draw-confirm-local = ఇద్దరు ఆటగాళ్ళూ డ్రాకు ఒప్పుకుంటున్నారా?
resign = ఓటమి ఒప్పుకోండి
resign-local = ఓటమి ఒప్పుకోండి ({ $color ->
        [white] తెలుపు
       *[black] నలుపు
    })
rematch-offer = మళ్ళీ ఆడదాం
rematch-cancel = మళ్ళీ ఆడే ప్రతిపాదన రద్దు
rematch-accept = మళ్ళీ ఆడటానికి అంగీకరించండి
rematch-decline = మళ్ళీ ఆడటం తిరస్కరించండి
rematch-link = కొత్త ఆటకు వెళ్ళండి
pgn = PGN డౌన్‌లోడ్
resign-question = ఈ ఆటలో ఓటమి ఒప్పుకుంటారా? మీ ప్రత్యర్థి గెలుస్తారు.
resign-confirm = అవును, ఒప్పుకుంటున్నాను
resign-keep = ఆట కొనసాగించండి
san-label = ఎత్తు టైప్ చేయండి
san-play = వేయండి
moves-title = ఎత్తులు
step-first =
    .aria-label = మొదటి స్థితి
    .title = మొదటి స్థితి (Home)
step-back =
    .aria-label = మునుపటి ఎత్తు
    .title = మునుపటి ఎత్తు (←)
step-forward =
    .aria-label = తర్వాతి ఎత్తు
    .title = తర్వాతి ఎత్తు (→)
step-last =
    .aria-label = చివరి స్థితి
    .title = చివరి స్థితి (End)
step-where = { $total } లో ఎత్తు { $ply }
invite = ఈ లింక్‌ను మీ స్నేహితుడికి పంపండి:
copy-link = కాపీ
chat-title = సంభాషణ
chat-text =
    .placeholder = ఏదైనా మంచి మాట చెప్పండి
    .aria-label = ప్రత్యర్థికి సందేశం
chat-send = పంపండి
chat-you = మీరు
watchers-title = ప్రేక్షకుల సంభాషణ
watchers-text =
    .placeholder = ఇతర ప్రేక్షకులతో మాట్లాడండి
    .aria-label = ప్రేక్షకులకు సందేశం
watchers-signin = చేసి ఇక్కడ రాయండి.
chars-left = { $left ->
        [one] ఇంకా { $left } అక్షరం మిగిలింది.
       *[other] ఇంకా { $left } అక్షరాలు మిగిలాయి.
    }
chars-left-cut = { $left ->
        [one] ఇంకా { $left } అక్షరం మిగిలింది
       *[other] ఇంకా { $left } అక్షరాలు మిగిలాయి
    }: అతికించిన పాఠ్యాన్ని సరిపోయేలా కత్తిరించాం, గరిష్ఠంగా { $max } అక్షరాలు.
waiting-friend = మీ స్నేహితుడు ఇంకా లింక్ తెరవలేదు: ఇద్దరూ వచ్చాక ఆట మొదలవుతుంది.
premove-dropped = మీ ముందస్తు ఎత్తు ఇక చెల్లదు: అది వేయబడలేదు.
no-such-game = అలాంటి ఆట లేదు.
poll-retry = { $why }. { $seconds } సెకన్లలో మళ్ళీ ప్రయత్నిస్తున్నాం.
poll-unreachable = సర్వర్‌ను చేరుకోలేకపోతున్నాం

## Players and what the page says about the game

level-random = స్థాయి 0 (యాదృచ్ఛిక ఎత్తులు)
level-full = పూర్తి బలం
level-n = స్థాయి { $level }
daba = దాబా
player-daba = దాబా, { $level }
player-you = మీరు
player-guest = అతిథి
player-you-guest = మీరు (అతిథి)
player-waiting = ఆటగాడి కోసం ఎదురుచూపు
your-friend = మీ స్నేహితుడు
presence-online = ఆన్‌లైన్
presence-away = దూరంగా
presence-online-title = ఆట తెరిచి ఉంది
presence-away-title = ప్రస్తుతం ఇక్కడ లేరు
status-thinking = { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } ఎత్తు: దాబా ఆలోచిస్తోంది…
status-waiting = { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } ఎత్తు. మీ స్నేహితుడు లింక్ తెరిచే వరకు ఎదురుచూపు.
status-to-move = { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } ఎత్తు.
status-your-move = మీ ఎత్తు ({ $color ->
        [white] తెలుపు
       *[black] నలుపు
    }).
status-their-turn = { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } ఎత్తు: { $name } వంతు.
status-friends-turn = { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } ఎత్తు: మీ స్నేహితుడి వంతు.
status-check = చెక్!
status-gone = ఈ ఆట ఇక సర్వర్‌లో లేదు.
info-watching = మీరు ఈ ఆటను చూస్తున్నారు.
info-computer = మీరు { $level } లో దాబాతో { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } పావులతో ఆడుతున్నారు.
info-local = ఒకే తెరపై ఇద్దరు ఆటగాళ్ళు: వంతులవారీగా ఆడండి.
info-game = { $rated ->
        [rated] రేటెడ్ ఆట
       *[casual] సాధారణ ఆట
    }{ $control ->
        [none] {""}
       *[other] , { $control }
    }: మీరు { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } పావులతో ఆడుతున్నారు.
info-game-against = { $rated ->
        [rated] రేటెడ్ ఆట
       *[casual] సాధారణ ఆట
    }{ $control ->
        [none] {""}
       *[other] , { $control }
    }: మీరు { $name } తో { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } పావులతో ఆడుతున్నారు.
info-friend = స్నేహితుడితో ఆట{ $control ->
        [none] {""}
       *[other] , { $control }
    }: మీరు { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } పావులతో ఆడుతున్నారు.
info-no-fifty = యాభై ఎత్తుల నియమం లేదు.

## How games end ($winner and $loser are "white" or "black")

end-checkmate = చెక్‌మేట్: { $winner ->
        [white] తెలుపు
       *[black] నలుపు
    } గెలిచింది.
end-resignation = { $loser ->
        [white] తెలుపు
       *[black] నలుపు
    } ఓటమి ఒప్పుకుంది: { $winner ->
        [white] తెలుపు
       *[black] నలుపు
    } గెలిచింది.
end-stalemate = స్టేల్‌మేట్‌తో డ్రా: ఎత్తు వేయాల్సిన వైపుకు చెల్లే ఎత్తు లేదు, చెక్‌లోనూ లేదు.
end-insufficient-material = సరిపడా పావులు లేక డ్రా: ఏ వైపూ చెక్‌మేట్ చేయలేదు.
end-fivefold-repetition = ఐదుసార్లు పునరావృతంతో డ్రా: అదే స్థితి ఐదోసారి.
end-seventy-five-moves = డెబ్బై ఐదు ఎత్తుల నియమంతో డ్రా: ఇరువైపులా 75 ఎత్తుల పాటు ఏ పావూ చంపబడలేదు, ఏ బంటూ కదలలేదు.
end-threefold-repetition = మూడుసార్లు పునరావృతంతో డ్రా: అదే స్థితి మూడోసారి, కోరారు.
end-fifty-moves = యాభై ఎత్తుల నియమంతో డ్రా: ఇరువైపులా 50 ఎత్తుల పాటు ఏ పావూ చంపబడలేదు, ఏ బంటూ కదలలేదు, కోరారు.
end-agreement = ఒప్పందంతో డ్రా.
end-timeout = { $loser ->
        [white] తెలుపు
       *[black] నలుపు
    } సమయం అయిపోయింది: { $winner ->
        [white] తెలుపు
       *[black] నలుపు
    } గెలిచింది.
end-timeout-insufficient-material = డ్రా: ఒక ఆటగాడి సమయం అయిపోయింది, కానీ మరొకరు చెక్‌మేట్ చేయలేరు.
end-aborted = ఇద్దరు ఆటగాళ్ళూ ఎత్తు వేయకముందే ఆట రద్దయింది.

## Pieces and the board, in words (screen readers, titles)

piece-king = రాజు
piece-queen = మంత్రి
piece-rook = ఏనుగు
piece-bishop = ఒంటె
piece-knight = గుర్రం
piece-pawn = బంటు
piece-coloured = { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } { $piece }
square-empty = ఖాళీ
square-selected = ఎత్తబడింది
square-target = ఎత్తిన పావు ఇక్కడికి వెళ్ళగలదు
square-premove = ముందస్తు ఎత్తు
square-check = చెక్‌లో
square-last-move = చివరి ఎత్తు
board-rank = వరుస { $rank }
san-castle-short = రాజు వైపు క్యాస్లింగ్
san-castle-long = మంత్రి వైపు క్యాస్లింగ్
san-move = { $piece } { $to }
san-capture = { $piece } { $to } ను చంపుతుంది
san-promotion = { $move }, { $piece } గా పదోన్నతి
san-check = { $move }, చెక్
san-mate = { $move }, చెక్‌మేట్
said-move = { $who }: { $move }
taken-back = { $count ->
        [one] ఒక ఎత్తు వెనక్కి తీసుకున్నారు.
       *[other] { $count } ఎత్తులు వెనక్కి తీసుకున్నారు.
    }

## Review

review-title = సమీక్ష
review-ask = ఆటను సమీక్షించమని దాబాను అడగండి
review-accuracy = కచ్చితత్వం
review-errors = పొరపాట్లు
review-graph =
    .aria-label = ప్రతి ఎత్తు తర్వాత అంచనా: మధ్య గీత పైన తెలుపు ఆధిక్యం. ఒక ఎత్తుకు వెళ్ళడానికి క్లిక్ చేయండి.
review-none = అశ్రద్ధ, పొరపాటు, ఘోర తప్పిదం ఏవీ లేవు.
review-running = దాబా ఆటను సమీక్షిస్తోంది: { $total } లో { $done } స్థితులు…
review-waiting = { $ahead ->
        [one] దాబా కోసం ఎదురుచూపు (ముందు { $ahead } సమీక్ష)…
       *[other] దాబా కోసం ఎదురుచూపు (ముందు { $ahead } సమీక్షలు)…
    }
review-asking = దాబాను అడుగుతున్నాం…
review-counts = { $inaccuracies ->
        [one] { $inaccuracies } అశ్రద్ధ
       *[other] { $inaccuracies } అశ్రద్ధలు
    }, { $mistakes ->
        [one] { $mistakes } పొరపాటు
       *[other] { $mistakes } పొరపాట్లు
    }, { $blunders ->
        [one] { $blunders } ఘోర తప్పిదం
       *[other] { $blunders } ఘోర తప్పిదాలు
    }
mark-inaccuracy = అశ్రద్ధ
mark-mistake = పొరపాటు
mark-blunder = ఘోర తప్పిదం
review-mate = మేట్
review-better = మెరుగైనది: { $line }

## Errors

error-status = సర్వర్ { $status } అని జవాబిచ్చింది
error-retry = { $error } ({ $wait } తర్వాత మళ్ళీ ప్రయత్నించండి)
error-username-taken = ఈ వినియోగదారు పేరు ఇప్పటికే తీసుకున్నారు.
error-wrong-credentials = వినియోగదారు పేరు లేదా పాస్‌వర్డ్ తప్పు.
error-wrong-password = ఇది మీ పాస్‌వర్డ్ కాదు.
error-games-going = మీ ఆటలు నడుస్తున్నాయి: ముందు వాటిని ముగించండి, ఓటమి ఒప్పుకోండి లేదా రద్దు చేయండి.
error-too-many-attempts = చాలా ప్రయత్నాలు జరిగాయి
error-busy = సర్వర్ పాస్‌వర్డ్‌లు తనిఖీ చేయడంలో తీరిక లేకుండా ఉంది; కాసేపటి తర్వాత మళ్ళీ ప్రయత్నించండి.
error-unavailable = సర్వర్ తన డేటాబేస్‌ను చేరలేకపోతోంది; కాసేపటి తర్వాత మళ్ళీ ప్రయత్నించండి.
error-chat-too-fast = నెమ్మదిగా: ఒకేసారి చాలా సందేశాలు
error-too-many-games = ఒక ఆటగాడికి ఉండగలిగినన్ని ఆటలు మీకు నడుస్తున్నాయి; ముందు ఒకటి ముగించండి.
error-too-many-seeks = ఒక ఆటగాడికి ఉండగలిగినన్ని తెరిచిన సవాళ్ళు మీకు ఉన్నాయి; ముందు ఒకటి రద్దు చేయండి.
wait-seconds = { $seconds ->
        [one] { $seconds } సెకను
       *[other] { $seconds } సెకన్లు
    }
wait-minutes = { $minutes ->
        [one] { $minutes } నిమిషం
       *[other] { $minutes } నిమిషాలు
    }
ago-now = ఇప్పుడే
ago-years = { $n ->
        [one] { $n } సంవత్సరం క్రితం
       *[other] { $n } సంవత్సరాల క్రితం
    }
ago-months = { $n ->
        [one] { $n } నెల క్రితం
       *[other] { $n } నెలల క్రితం
    }
ago-weeks = { $n ->
        [one] { $n } వారం క్రితం
       *[other] { $n } వారాల క్రితం
    }
ago-days = { $n ->
        [one] { $n } రోజు క్రితం
       *[other] { $n } రోజుల క్రితం
    }
ago-hours = { $n ->
        [one] { $n } గంట క్రితం
       *[other] { $n } గంటల క్రితం
    }
ago-minutes = { $n ->
        [one] { $n } నిమిషం క్రితం
       *[other] { $n } నిమిషాల క్రితం
    }

## The help: how the pieces move

help-close = సహాయం మూసివేయండి
help-intro = చిన్న బోర్డుపై ఒక పావును క్లిక్ చేసి అది వెళ్ళగల గడులను చూడండి, తర్వాత ఎత్తు వేయడానికి ఒక గడిని క్లిక్ చేయండి; "మళ్ళీ మొదలు" బోర్డును మొదటిలా చేస్తుంది. చూపిన నియమాలు దాబా నుండే వస్తాయి, కాబట్టి బోర్డులు ఎప్పుడూ సరైనవే.
help-beside = ఆట బోర్డుపై ఒక పావును ఎత్తండి: దాని పాఠాలు ఇక్కడ వస్తాయి.
help-all = అన్ని పాఠాలు చూపండి
help-following = మీరు ఎత్తిన పావు పాఠాలు: { $piece }.
help-idle = { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } ఎత్తు. ఒక పావును క్లిక్ చేయండి.
help-played = { $color ->
        [white] తెలుపు
       *[black] నలుపు
    } { $san } వేసింది.
help-empty = ఖాళీ గడి.
help-waits = ఇప్పుడు { $mover ->
        [white] తెలుపు
       *[black] నలుపు
    } వంతు: { $mover ->
        [white] తెలుపు
       *[black] నలుపు
    } ఎత్తు వేసే వరకు { $side ->
        [white] తెలుపు
       *[black] నలుపు
    } పావులు ఆగుతాయి.
help-no-move = ఈ { $piece } కు ఇక్కడ చెల్లే ఎత్తు లేదు.
help-can-go = { $count ->
        [one] { $piece } { $count } గడికి వెళ్ళగలదు.
       *[other] { $piece } { $count } గడులకు వెళ్ళగలదు.
    }
help-promotes = చివరి వరుస చేరితే ఇది మంత్రి, ఏనుగు, ఒంటె లేదా గుర్రంగా మారుతుంది: నాలుగు ఎంపికలు.
help-reset = మళ్ళీ మొదలు
help-reset-label = బోర్డును మళ్ళీ మొదలుపెట్టండి: { $title }
help-board-label = పాఠం బోర్డు: { $title }
lesson-king = రాజు
lesson-king-text = రాజు ఏ దిశలోనైనా ఒక గడి కదులుతాడు. శత్రు పావు దాడి చేసే గడిలోకి అతను ఎప్పుడూ వెళ్ళలేడు. అతన్ని సురక్షితంగా ఉంచండి: ఆటంతా రాజుల గురించే.
lesson-queen = మంత్రి
lesson-queen-text = మంత్రి సరళరేఖలో ఎంత దూరమైనా వెళ్తుంది: అడ్డ వరుస, నిలువు వరుస లేదా కర్ణం వెంట. దారిలో తగిలిన మొదటి పావు దగ్గర ఆగుతుంది, అది శత్రువుదైతే చంపవచ్చు.
lesson-rook = ఏనుగు
lesson-rook-text = ఏనుగు అడ్డ వరుస లేదా నిలువు వరుస వెంట ఎంత దూరమైనా కదులుతుంది, కర్ణంగా ఎప్పుడూ కాదు.
lesson-bishop = ఒంటె
lesson-bishop-text = ఒంటె కర్ణం వెంట ఎంత దూరమైనా కదులుతుంది, అందుకే ఆటంతా ఒకే రంగు గడులపై ఉంటుంది.
lesson-knight = గుర్రం
lesson-knight-text = గుర్రం L ఆకారంలో దూకుతుంది: ఒక వైపు రెండు గడులు, పక్కకు ఒక గడి. ఇతర పావుల మీదుగా దూకగలిగేది ఇదొక్కటే, అందుకే చుట్టూ ఉన్న గుంపు దాన్ని ఆపదు.
lesson-pawn = బంటు
lesson-pawn-text = బంటు నేరుగా ముందుకు ఒక గడి నడుస్తుంది, లేదా మొదటి గడి నుండి రెండు, కానీ ఖాళీ గడుల్లోకే. అది వేరే విధంగా చంపుతుంది: ముందుకు కర్ణంగా ఒక గడి.
lesson-castling = క్యాస్లింగ్
lesson-castling-text = ఆటలో ఒకసారి రాజు క్యాస్లింగ్ చేయవచ్చు: అతను ఒక ఏనుగు వైపు రెండు గడులు కదులుతాడు, ఆ ఏనుగు రాజు దాటిన గడిలోకి దూకుతుంది. రెండింటిలో ఏదీ ఇంకా కదలకపోతే, వాటి మధ్య గడులు ఖాళీగా ఉంటే, రాజు చెక్‌లో లేకుండా, దాడిలో ఉన్న గడిని దాటకుండా, చెక్‌లోకి దిగకుండా ఉంటేనే అనుమతి. రాజును క్లిక్ చేయండి, తర్వాత ఏనుగు వైపు రెండు అడుగుల దూరంలోని గడిని (లేదా ఏనుగునే), ఏనుగు దూకడం చూడండి.
lesson-en-passant = ఆఁ పసాఁ
lesson-en-passant-text = ఒక బంటు రెండు గడులు కదిలి శత్రు బంటు పక్కన దిగితే, ఆ శత్రు బంటు అది ఒక్క గడే కదిలినట్లుగా దాన్ని చంపవచ్చు: అది దాని వెనుక కర్ణంగా వెళ్తుంది. వెంటనే తర్వాతి ఎత్తులోనే. ఇక్కడ నలుపు బంటు ఇప్పుడే d7 నుండి d5 కి వెళ్ళింది: e5 లోని తెలుపు బంటును క్లిక్ చేయండి, తర్వాత d6, నలుపు బంటు పోవడం చూడండి.
lesson-promotion = పదోన్నతి
lesson-promotion-text = చివరి వరుస చేరిన బంటు ఆటగాడి ఎంపిక ప్రకారం మంత్రి, ఏనుగు, ఒంటె లేదా గుర్రంగా మారుతుంది (సాధారణంగా మంత్రి). బంటును e8 కి నెట్టి ఎంచుకోండి.
lesson-check = చెక్
lesson-check-text = దాడికి గురైన రాజు చెక్‌లో ఉంటాడు. అతని ఆటగాడు వెంటనే చెక్ తప్పించాలి: రాజును కదపడం, మధ్యలో ఒక పావును అడ్డుపెట్టడం, లేదా దాడి చేసినదాన్ని చంపడం. ఇక్కడ ఏనుగు తెలుపు రాజుకు చెక్ ఇస్తోంది, మొదటి వరుస నుండి బయటకు వెళ్ళే రాజు ఎత్తులే పనిచేస్తాయి.
lesson-checkmate = చెక్‌మేట్
lesson-checkmate-text = తప్పించుకునే దారి లేని చెక్: చెక్‌మేట్, ఆట ముగిసింది. మేట్ చేసినవారు గెలుస్తారు. ఇక్కడ నలుపు సొంత బంట్లే రాజును బంధించాయి.
lesson-draws = డ్రాలు
draws-when = ఆట డ్రా అయ్యేది ఎప్పుడంటే:
draws-stalemate = స్టేల్‌మేట్
draws-stalemate-text = ఎత్తు వేయాల్సిన ఆటగాడికి చెల్లే ఎత్తు లేదు, కానీ చెక్‌లో లేడు (ఇక్కడి బోర్డు: నలుపు ఎత్తు).
draws-material = సరిపడా పావులు లేకపోవడం
draws-material-text = ఎవరూ ఎప్పటికీ మేట్ చేయలేరు, ఉదాహరణకు రాజుకు ఎదురుగా రాజు, లేదా రాజు, ఒక గుర్రం లేదా ఒంటెకు ఎదురుగా రాజు.
draws-repetition = పునరావృతం
draws-repetition-text = అదే స్థితి మూడోసారి వస్తుంది, ఎత్తు వేయాల్సిన ఆటగాడు డ్రా కోరతాడు; ఐదోసారి అది తనంతటదే డ్రా.
draws-fifty = యాభై ఎత్తులు
draws-fifty-text = ఇరువైపులా యాభై ఎత్తుల పాటు ఏ పావూ చంపబడకుండా, ఏ బంటూ కదలకుండా ఉండి, ఒక ఆటగాడు కోరితే; డెబ్బై ఐదు తర్వాత అది తనంతటదే డ్రా.
draws-agreement = ఒప్పందం
draws-agreement-text = ఒక ఆటగాడు డ్రా ప్రతిపాదిస్తాడు, మరొకరు అంగీకరిస్తారు.

## Tables for four (four-handed team chess): the lobby's panel and a
## table's page. $seat (and $by) is a seat's letter: S (South, red),
## W (West, blue), N (North, yellow), E (East, green); $team is SN or WE.
## The words of the rules' Telugu text (docs/fourhand.md): భాగస్వామి,
## జట్టు, అభ్యంతరం, రిబ్బన్.

fh-lobby-title = నలుగురు ఆడే చదరంగం
fh-lobby-intro = 160 గళ్ళ + ఆకారపు బోర్డుపై నలుగురు ఆడే జట్టు చదరంగం: దక్షిణం, ఉత్తరం ఒక జట్టు, పడమర, తూర్పు మరో జట్టు; ప్రతి ఆటగాడికీ సొంత సైన్యం; ఇద్దరు ప్రత్యర్థులకూ చెక్‌మేట్ చేసిన జట్టు గెలుస్తుంది. చెక్‌మేట్ అయిన సైన్యం దాని భాగస్వామి విడిపించే వరకు కదలకుండా నిలిచిపోతుంది.
fh-lobby-caption = ఖాళీ స్థానం ఉన్న నలుగురి టేబుళ్ళు
fh-lobby-table = టేబుల్
fh-lobby-empty = ప్రస్తుతం ఏ నలుగురి టేబుల్ కూడా ఆటగాళ్ళ కోసం ఎదురుచూడటం లేదు.
fh-lobby-signin-before = ఇక్కడి జాబితాలోని టేబుల్ వద్ద కూర్చోవడానికి
fh-lobby-signin-link = సైన్ ఇన్ చేయండి
fh-lobby-signin-after = ; స్థానం లింక్‌తో ఎవరైనా రావచ్చు.
fh-lobby-legend = టేబుల్ తెరవండి: ఎవరు ఎక్కడ కూర్చుంటారు?
fh-lobby-listed = ఖాళీ స్థానం ఉన్నంతవరకు టేబుల్‌ను ఇక్కడి జాబితాలో ఉంచండి, సైన్ ఇన్ అయిన ఆటగాళ్ళు కూర్చోగలిగేలా
fh-lobby-create = టేబుల్ తెరవండి
fh-option-person = ఒక వ్యక్తి (పంపే లింక్, లేదా లాబీ నుండి ఎవరైనా)
fh-one-you = సరిగ్గా ఒక స్థానానికి "మీరు" ఎంచుకోండి.
fh-look = టేబుల్‌ను చూడండి
fh-list-guest = అతిథి
fh-list-computer = దాబా స్థాయి { $level }
fh-seat = { $seat ->
        [S] దక్షిణం
        [W] పడమర
        [N] ఉత్తరం
       *[E] తూర్పు
    }
fh-seat-colour = { $seat ->
        [S] దక్షిణం (ఎరుపు)
        [W] పడమర (నీలం)
        [N] ఉత్తరం (పసుపు)
       *[E] తూర్పు (ఆకుపచ్చ)
    }
fh-team = { $team ->
        [SN] దక్షిణం, ఉత్తరం
       *[WE] పడమర, తూర్పు
    } కలిసి ఆడతారు.
fh-computer = { $level ->
        [0] దాబా, స్థాయి 0 (యాదృచ్ఛిక ఎత్తులు)
       *[other] దాబా, స్థాయి { $level }
    }
fh-you-named = మీరు ({ $name })
fh-open = ఖాళీ స్థానం
fh-sit = ఇక్కడ కూర్చోండి
fh-sit-at = { $seat ->
        [S] దక్షిణ
        [W] పడమటి
        [N] ఉత్తర
       *[E] తూర్పు
    } స్థానంలో కూర్చోండి
fh-seat-taken = { $seat ->
        [S] దక్షిణ
        [W] పడమటి
        [N] ఉత్తర
       *[E] తూర్పు
    } స్థానంలో కూర్చోలేకపోయాం: { $error }
fh-frozen = స్తంభించింది
fh-to-move = ఎత్తు వంతు
fh-thinking = ఆలోచిస్తోంది
fh-title = నలుగురి టేబుల్
fh-gone = సర్వర్‌లో అలాంటి టేబుల్ లేదు: లింక్ తప్పు కావచ్చు.
fh-invite = ప్రతి ఆటగాడికీ వారి స్థానం లింక్ పంపండి; అన్ని స్థానాలూ నిండగానే ఆట మొదలవుతుంది.
fh-link-of = { $seat ->
        [S] దక్షిణ
        [W] పడమటి
        [N] ఉత్తర
       *[E] తూర్పు
    } స్థానం లింక్
fh-copy-link = { $seat ->
        [S] దక్షిణ
        [W] పడమటి
        [N] ఉత్తర
       *[E] తూర్పు
    } స్థానం లింక్‌ను కాపీ చేయండి
fh-resign = జట్టు తరఫున ఓటమి ఒప్పుకోండి
fh-record = రికార్డు డౌన్‌లోడ్
fh-resign-question = మీ జట్టు తరఫున ఓటమి ఒప్పుకుంటారా? మరో జట్టు ఆటను గెలుస్తుంది.
fh-objections-title = అమలులో ఉన్న అభ్యంతరాలు
fh-banned = { $seat ->
        [S] దక్షిణం
        [W] పడమర
        [N] ఉత్తరం
       *[E] తూర్పు
    } { $move } ఎత్తు వేయకూడదు ({ $by ->
        [S] దక్షిణం
        [W] పడమర
        [N] ఉత్తరం
       *[E] తూర్పు
    } అభ్యంతరం)
fh-chat-title = టేబుల్ సంభాషణ
fh-chat-hint = నలుగురు ఆటగాళ్ళూ దీన్ని చదువుతారు: భాగస్వాములు ఇక్కడ ఎత్తుల గురించి చర్చించకూడదు. రాసినవారి భాగస్వామికి ఎత్తును సూచించే లైన్‌పై ప్రత్యర్థి అభ్యంతరం చెప్పవచ్చు; అప్పుడు ఆ భాగస్వామి కొంతసేపు దాన్ని వేయకూడదు: తదుపరి మూడు ఎత్తుల వరకు, లేదా కొన్ని నియమాల్లో తన తదుపరి మూడు వంతుల వరకు (బల్ల నియమాలు చెబుతాయి).
fh-chat-text =
    .aria-label = టేబుల్‌కు సందేశం
fh-object = అభ్యంతరం
fh-object-label = { $seat ->
        [S] దక్షిణం
        [W] పడమర
        [N] ఉత్తరం
       *[E] తూర్పు
    } రాసిన { $line }వ లైన్‌పై అభ్యంతరం చెప్పండి
fh-objected = అభ్యంతరం చెప్పారు
fh-watching = మీరు ఈ టేబుల్‌ను చూస్తున్నారు.
fh-status-waiting = { $count ->
        [one] ఇంకా { $count } ఆటగాడు కూర్చోవాలని ఎదురుచూస్తున్నాం.
       *[other] ఇంకా { $count } ఆటగాళ్ళు కూర్చోవాలని ఎదురుచూస్తున్నాం.
    }
fh-status-your-move = మీ ఎత్తు.
fh-status-to-move = { $seat ->
        [S] దక్షిణం
        [W] పడమర
        [N] ఉత్తరం
       *[E] తూర్పు
    } ఎత్తు.
fh-doc-title = దాబా చదరంగం: { $status }
fh-doc-title-over = దాబా చదరంగం: నలుగురి టేబుల్

## A table's board, in words (screen readers)

fh-board-label = నలుగురి బోర్డు, కింద { $seat ->
        [S] దక్షిణం
        [W] పడమర
        [N] ఉత్తరం
       *[E] తూర్పు
    }
fh-row = వరుస { $row }
fh-piece = { $seat ->
        [S] దక్షిణ
        [W] పడమటి
        [N] ఉత్తర
       *[E] తూర్పు
    } { $piece }
fh-ribbon = రిబ్బన్ చుట్టినది (వెనక్కి తిరిగింది)
fh-caps = { $count ->
        [one] { $count } పావును చంపింది
       *[other] { $count } పావులను చంపింది
    }
fh-rules-summary = నియమాలు: ఇక్కడ మార్చకపోతే నియమాల పాఠంలోనివే
fh-rules-promotion = బంటు పదోన్నతిలో అయ్యేది
fh-rules-promotion-queen = మంత్రి (పాఠంలోని నియమం)
fh-rules-promotion-choice = ఆటగాడి ఎంపిక: మంత్రి, ఏనుగు, ఒంటె లేదా గుర్రం
fh-rules-objection = ఒప్పుకున్న అభ్యంతరం ఆ ఎత్తును నిషేధిస్తుంది
fh-rules-objection-plies = తర్వాతి 3 ఎత్తుల వరకు (పాఠంలోని నియమం)
fh-rules-objection-own-turns = సలహా పొందిన ఆటగాడి తర్వాతి 3 వంతుల వరకు
fh-rules-stalemate = ఎత్తు లేని (స్టేల్‌మేట్) ఆటగాడు
fh-rules-stalemate-pass = వంతు వదులుకుంటాడు (పాఠంలోని నియమం)
fh-rules-stalemate-draw = ఆటను డ్రాగా ముగిస్తాడు
fh-rules-repetition = మూడోసారి వచ్చిన స్థితి
fh-rules-repetition-automatic = వెంటనే డ్రా (పాఠంలోని నియమం)
fh-rules-repetition-claim = ఎత్తు వేయాల్సిన ఆటగాడు డ్రా కోరవచ్చు
fh-rules-no-progress = ఏ పావునూ చంపకుండా, బంటును కదపకుండా 200 ఎత్తులు (50 రౌండ్లు)
fh-rules-no-progress-off = ఏమీ మారదు (పాఠంలోని నియమం)
fh-rules-no-progress-200 = ఆట డ్రాగా ముగుస్తుంది
fh-rules-partner-king = ఇప్పటికే చెక్‌లో ఉన్న భాగస్వామి రాజుపై కొత్త దాడిదారుని చేర్చే ఎత్తు
fh-rules-partner-king-strict = కుదరదు (పాఠంలోని నియమం)
fh-rules-partner-king-simple = కుదురుతుంది
fh-rules-more = ఇతర అమరికలు, name=value రూపంలో కామాలతో వేరుచేసి (docs/fourhand.md)
fh-rules-line = నియమాలు: { $rules }
fh-rules-default = నియమాల పాఠంలోనివే
fh-claim = డ్రా కోరండి: స్థితి మూడోసారి వచ్చింది
fh-team-name = { $team ->
        [SN] దక్షిణం, ఉత్తరం
       *[WE] పడమర, తూర్పు
    }
fh-ply-move = { $who } { $move } ఎత్తు వేసింది.
fh-ply-frozen-pass = { $who } స్తంభించింది, వంతు వదులుకుంటుంది.
fh-ply-stalemate-pass = { $who } స్టేల్‌మేట్‌లో ఉంది, వంతు వదులుకుంటుంది.
fh-ply-mated = { $who } చెక్‌మేట్ అయింది: ఆ సైన్యం స్తంభించింది.
fh-event-ribbon-on = బంటు వెనక్కి తిరిగి రిబ్బన్ పొందుతుంది.
fh-event-ribbon-off = బంటు ఇంటికి చేరింది: దాని రిబ్బన్ తీసేస్తారు.
fh-event-queen = బంటు మంత్రి అవుతుంది.
fh-event-rook = బంటు ఏనుగు అవుతుంది.
fh-event-bishop = బంటు ఒంటె అవుతుంది.
fh-event-knight = బంటు గుర్రం అవుతుంది.
fh-event-check = చెక్.
fh-released = { $who } విడుదలైంది: ఆ సైన్యం మళ్ళీ కదులుతుంది.
fh-end-resigned = { $losers } ఓటమి ఒప్పుకున్నారు: { $winners } గెలిచారు.
fh-end-ply-limit = డ్రా: బల్ల { $plies } ఎత్తుల పరిమితికి చేరింది.
fh-end-claimed = డ్రా: అదే స్థితి మూడోసారి రావడంతో { $who } కోరింది.
fh-end-mate = { $winners } గెలిచారు: { $losers } ఇద్దరూ చెక్‌మేట్ అయ్యారు.
fh-end-mate-and-stalemate = డ్రా: ఒక ఆటగాడు చెక్‌మేట్, అతని భాగస్వామి స్టేల్‌మేట్.
fh-end-only-kings = డ్రా: నలుగురు రాజులు మాత్రమే మిగిలారు.
fh-end-repetition = డ్రా: అదే స్థితి మూడోసారి వచ్చింది.
fh-end-stalemate = స్టేల్‌మేట్‌తో డ్రా.
fh-end-no-progress = డ్రా: చాలా కాలం ఏ పట్టివేత గానీ బంటు ఎత్తు గానీ లేదు.
fh-objection-said = { $by } అభ్యంతరం చెప్పింది: { $writer } { $advised }కు { $move } సూచించింది, కాబట్టి { $advised } దాన్ని { $span ->
        [own-turns] తన తదుపరి మూడు వంతుల్లో
       *[plies] తదుపరి మూడు ఎత్తుల వరకు
    } వేయకూడదు.
