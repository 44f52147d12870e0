# Daba chess: the page's words in English, the source language.
#
# Every other language has exactly these message ids, with the same
# variables (serve/tests/locales.rs checks it). Chess notation stays SAN in
# every language: no message translates a move. Colours come as $color
# ("white" or "black"), pieces as $piece (already in words).

## The page and its header

page-title = Daba chess
title-your-move = Your move · Daba chess
skip-link = Skip to the page
site-name = Daba chess
nav-play = Play
nav-games = My games
games-badge =
    .title = Games where it is your move
nav-help = How the pieces move
language-label = Language
settings = Settings
settings-board = Board
settings-pieces = Pieces
settings-sound = Move sounds
theme-wood = Wood
theme-blue = Blue
theme-green = Green
theme-contrast = High contrast
set-daba = Daba
set-shapes = Shapes
nav-signin = Sign in
nav-signup = Sign up
nav-signout = Sign out

## Words used in many places

colour-white = White
colour-black = Black
colour-random = Random
your-colour = Your colour
mode-rated = Rated
mode-casual = Casual
col-player = Player
col-rating = Rating
col-time = Time
col-mode = Mode
col-colour = Colour
col-action = Action
col-opponent = Opponent
col-moves = Moves
col-result = Result
col-changed = Last change
time-control = Time control
minutes-per-side = Minutes per side
increment-seconds = Increment in seconds
cancel = Cancel
accept = Accept
username = Username
password = Password

## The lobby

lobby-challenges = Open challenges
lobby-empty = Nobody is waiting for an opponent right now. Create a game and others will see it here.
lobby-no-fifty = { $mode }, no 50-move rule
lobby-nobody-online = No signed-in player right now.
# Both counts: the games being played and the guests in the lobby.
lobby-counts = { $games ->
        [one] { $games } game
       *[other] { $games } games
    } in play, { $guests ->
        [one] { $guests } guest
       *[other] { $guests } guests
    } in the lobby.
lobby-playing = { $games ->
        [one] { $games } game
       *[other] { $games } games
    } in play.
lobby-closed = The lobby is not open on this server yet.
lobby-unreachable = The lobby cannot be reached: { $error }
lobby-accept-failed = Could not accept: { $error }
lobby-cancel-failed = Could not cancel: { $error }
online-title = Online
seek-title = Create a game
seek-guest = Sign in or sign up to play people here:
seek-guest-signin = sign in
seek-guest-signup = sign up
seek-fifty = Fifty-move rule (a draw may be claimed after 50 moves each without a capture or a pawn move)
seek-create = Create the challenge
seek-waiting = Your challenge ({ $control }, { $rated ->
        [rated] rated
       *[casual] casual
    }) waits in the list for an opponent.
seek-signin-first = Sign in first.
setup-title = Play the computer or a friend
setup-who = Who do you play?
setup-computer = Daba, the computer
setup-local = A friend on this screen (take turns)
setup-friend = A friend in another browser (send a link)
setup-level = Level
setup-level-hint = The first level plays random moves: a good start for beginners.
setup-white = White (you start)
setup-fifty = Fifty-move rule
setup-fen = Start from a position (FEN)
setup-start = Start the game
level-option-random = Level { $level }: random moves
level-option-full = Level { $level }: full strength, about { $elo } Elo
level-option = Level { $level }: about { $elo } Elo
my-games-all = All my games
my-games-none = No game going on.

## Time controls and clocks

speed = { $speed ->
        [bullet] Bullet
        [blitz] Blitz
        [rapid] Rapid
       *[classical] Classical
    }
# A speed after a time control: "5+3 blitz".
speed-lower = { $speed ->
        [bullet] bullet
        [blitz] blitz
        [rapid] rapid
        [classical] classical
        [correspondence] correspondence
       *[unlimited] unlimited
    }
control-preset = { $control } { $speed ->
        [bullet] bullet
        [blitz] blitz
        [rapid] rapid
       *[classical] classical
    }
control-unlimited = Unlimited
control-no-clock = No clock
control-custom-group = Custom
control-custom = Custom: minutes + seconds…
control-correspondence = Correspondence
control-days = { $days ->
        [one] { $days } day
       *[other] { $days } days
    }
control-days-per-move = { $days ->
        [one] { $days } day per move
       *[other] { $days } days per move
    }
custom-minutes = { $minutes } min
custom-seconds = { $seconds } s
clock-days = { $days ->
        [one] { $days } day { $hours } h
       *[other] { $days } days { $hours } h
    }
clock-hours = { $hours } h { $minutes } min

## Signing in and up

signin-no-account = No account yet?
signin-free = : it is free.
signup-username-hint = 3 to 20 letters, digits, _ or -, starting with a letter. Others see it.
signup-password-hint = At least 8 characters.
signup-have-account = Already have an account?
signin-wrong = Wrong username or password.
signup-taken = This username is taken: choose another.

## My games and profiles

games-none = No games yet:
games-none-link = play one from the lobby
games-not-listed = This server does not list games yet.
games-load-failed = Could not load your games: { $error }
game-versus = vs { $name }
game-your-move = your move
game-their-move = their move
result-your-move = Your move
result-their-move = Their move
result-draw = Draw
result-won = Won { $result }
result-lost = Lost { $result }
profile-provisional = (provisional: the rating settles after more rated games)
profile-rated-games = Rated games
profile-wins = Wins
profile-draws = Draws
profile-losses = Losses
profile-since = Member since { $date }.
profile-pgn = Download all games (PGN)
profile-games-title = Games
profile-no-player = There is no player called { $name }.
profile-no-games = No games yet.
profile-no-history = The game history is not available on this server yet.
account-settings = Account settings
password-title = Change your password
password-current = Current password
password-new = New password (at least 8 characters)
password-submit = Change the password
password-changed = Your password is changed; your other sessions are signed out.
close-title = Close your account
close-hint = Your account, your sessions and your open challenges go, and your name becomes free for others; finished games keep the name they were played under. Finish, resign or abort your games first.
close-submit = Close my account
close-confirm = Close your account for good? This cannot be undone.
close-keep = Keep my account

## The game

board =
    .aria-label = Chess board
board-keys = Arrow keys move between the squares; Enter or Space picks up a piece and puts it on a square; Escape puts it down.
promote-to = Promote to:
gone = The server has no such game: the link may be wrong, or the game was deleted.
gone-lobby = Back to the lobby
new-game = New game
undo = Take back
flip = Flip board
abort = Abort the game
takeback-ask = Propose a take-back
takeback-cancel = Cancel the take-back request
takeback-accept = Accept the take-back
takeback-decline = Decline the take-back
offer-draw = Offer a draw
draw-offered = Draw offered
accept-draw = Accept the draw
decline-draw = Decline the draw
claim-draw = Claim a draw
notice-takeback-asked = { $color ->
        [white] White
       *[black] Black
    } asks to take back their move.
notice-takeback-agreed = { $color ->
        [white] White
       *[black] Black
    } agreed to take back a move.
notice-takeback-declined = { $color ->
        [white] White
       *[black] Black
    } declines to take back the move.
notice-draw-offered = { $color ->
        [white] White
       *[black] Black
    } offers a draw.
notice-draw-declined = { $color ->
        [white] White
       *[black] Black
    } declines the draw offer.
notice-computer-declines-draw = Daba declines the draw offer.
notice-computer-could-not-move = Daba could not move: the server is too busy. Try again later.
notice-rematch-offered = { $color ->
        [white] White
       *[black] Black
    } offers a rematch.
notice-rematch-declined = { $color ->
        [white] White
       *[black] Black
    } declines the rematch.
notice-rematch-accepted = { $color ->
        [white] White
       *[black] Black
    } accepts the rematch: a new game, colours swapped.
claim-threefold = Claim a draw (threefold repetition)
claim-fifty = Claim a draw (fifty-move rule)
draw-confirm-local = Do both players agree to a draw?
resign = Resign
# On one screen: the side to move resigns.
resign-local = Resign ({ $color ->
        [white] white
       *[black] black
    })
rematch-offer = Rematch
rematch-cancel = Cancel the rematch offer
rematch-accept = Accept the rematch
rematch-decline = Decline the rematch
rematch-link = Go to the rematch
pgn = Download PGN
resign-question = Resign this game? Your opponent wins it.
resign-confirm = Yes, resign
resign-keep = Keep playing
san-label = Type a move
san-play = Play
moves-title = Moves
step-first =
    .aria-label = First position
    .title = First position (Home)
step-back =
    .aria-label = Previous move
    .title = Previous move (←)
step-forward =
    .aria-label = Next move
    .title = Next move (→)
step-last =
    .aria-label = Last position
    .title = Last position (End)
step-where = Move { $ply } of { $total }
invite = Send this link to your friend:
copy-link = Copy
chat-title = Chat
chat-text =
    .placeholder = Say something nice
    .aria-label = Message to your opponent
chat-send = Send
chat-you = You
watchers-title = Spectators' chat
watchers-text =
    .placeholder = Talk with the other spectators
    .aria-label = Message to the spectators
watchers-signin = to write here.
chars-left = { $left ->
        [one] { $left } character left.
       *[other] { $left } characters left.
    }
chars-left-cut = { $left ->
        [one] { $left } character left
       *[other] { $left } characters left
    }: the pasted text was cut to fit, at most { $max } characters.
waiting-friend = Your friend has not opened the link yet: the game starts when both players are here.
premove-dropped = Your premove was not legal any more: it was not played.
no-such-game = There is no such game.
poll-retry = { $why }. Trying again in { $seconds } s.
poll-unreachable = The server cannot be reached

## Players and what the page says about the game

level-random = level 0 (random moves)
level-full = full strength
level-n = level { $level }
# The engine's name, as the moves read out call it.
daba = Daba
player-daba = Daba, { $level }
player-you = You
player-guest = Guest
player-you-guest = You (guest)
player-waiting = Waiting for a player
your-friend = your friend
presence-online = online
presence-away = away
presence-online-title = Has the game open
presence-away-title = Not here right now
status-thinking = { $color ->
        [white] White
       *[black] Black
    } to move: Daba is thinking…
status-waiting = { $color ->
        [white] White
       *[black] Black
    } to move. Waiting for your friend to open the link.
status-to-move = { $color ->
        [white] White
       *[black] Black
    } to move.
status-your-move = Your move ({ $color ->
        [white] white
       *[black] black
    }).
status-their-turn = { $color ->
        [white] White
       *[black] Black
    } to move: { $name }'s turn.
status-friends-turn = { $color ->
        [white] White
       *[black] Black
    } to move: your friend's turn.
status-check = Check!
status-gone = This game no longer exists on the server.
info-watching = You are watching this game.
info-computer = You play { $color ->
        [white] White
       *[black] Black
    } against Daba at { $level }.
info-local = Two players on one screen: take turns.
# $control is a time control ("5+3", "3 days"), or "none" for a game
# without a clock.
info-game = { $rated ->
        [rated] Rated game
       *[casual] Casual game
    }{ $control ->
        [none] {""}
       *[other] , { $control }
    }: you play { $color ->
        [white] White
       *[black] Black
    }.
info-game-against = { $rated ->
        [rated] Rated game
       *[casual] Casual game
    }{ $control ->
        [none] {""}
       *[other] , { $control }
    }: you play { $color ->
        [white] White
       *[black] Black
    } against { $name }.
info-friend = A game with a friend{ $control ->
        [none] {""}
       *[other] , { $control }
    }: you play { $color ->
        [white] White
       *[black] Black
    }.
info-no-fifty = No fifty-move rule.

## How games end ($winner and $loser are "white" or "black")

end-checkmate = Checkmate: { $winner ->
        [white] White
       *[black] Black
    } wins.
end-resignation = { $loser ->
        [white] White
       *[black] Black
    } resigned: { $winner ->
        [white] White
       *[black] Black
    } wins.
end-stalemate = Draw by stalemate: the side to move has no legal move and is not in check.
end-insufficient-material = Draw by insufficient material: neither side can checkmate.
end-fivefold-repetition = Draw by fivefold repetition: the same position for the fifth time.
end-seventy-five-moves = Draw by the seventy-five-move rule: 75 moves each without a capture or a pawn move.
end-threefold-repetition = Draw by threefold repetition: the same position for the third time, claimed.
end-fifty-moves = Draw by the fifty-move rule: 50 moves each without a capture or a pawn move, claimed.
end-agreement = Draw by agreement.
end-timeout = { $loser ->
        [white] White
       *[black] Black
    } ran out of time: { $winner ->
        [white] White
       *[black] Black
    } wins.
end-timeout-insufficient-material = Draw: one player ran out of time, but the other could not checkmate.
end-aborted = Game aborted before both players had moved.

## Pieces and the board, in words (screen readers, titles)

piece-king = king
piece-queen = queen
piece-rook = rook
piece-bishop = bishop
piece-knight = knight
piece-pawn = pawn
# A piece with its colour: "white knight".
piece-coloured = { $color ->
        [white] white
       *[black] black
    } { $piece }
square-empty = empty
square-selected = picked up
square-target = the picked-up piece can go here
square-premove = premove
square-check = in check
square-last-move = last move
board-rank = Rank { $rank }
# A move read out: $piece is a piece in words, $to a square such as f3.
san-castle-short = castles kingside
san-castle-long = castles queenside
san-move = { $piece } { $to }
san-capture = { $piece } takes { $to }
san-promotion = { $move }, promotes to { $piece }
san-check = { $move }, check
san-mate = { $move }, checkmate
said-move = { $who }: { $move }
taken-back = { $count ->
        [one] One move taken back.
       *[other] { $count } moves taken back.
    }

## Review

review-title = Review
review-ask = Ask Daba to review the game
review-accuracy = Accuracy
review-errors = Errors
review-graph =
    .aria-label = Evaluation after each move: White's advantage above the middle line. Click to go to a move.
review-none = No inaccuracy, mistake or blunder.
review-running = Daba is reviewing the game: { $done } of { $total } positions…
review-waiting = { $ahead ->
        [one] Waiting for Daba ({ $ahead } review first)…
       *[other] Waiting for Daba ({ $ahead } reviews first)…
    }
review-asking = Asking Daba…
review-counts = { $inaccuracies ->
        [one] { $inaccuracies } inaccuracy
       *[other] { $inaccuracies } inaccuracies
    }, { $mistakes ->
        [one] { $mistakes } mistake
       *[other] { $mistakes } mistakes
    }, { $blunders ->
        [one] { $blunders } blunder
       *[other] { $blunders } blunders
    }
mark-inaccuracy = Inaccuracy
mark-mistake = Mistake
mark-blunder = Blunder
review-mate = mate
review-better = Better: { $line }

## Errors

error-status = the server answered { $status }
error-retry = { $error } (try again in { $wait })
error-username-taken = This username is taken.
error-wrong-credentials = Wrong username or password.
error-wrong-password = That is not your password.
error-games-going = You have games going: finish, resign or abort them first.
error-too-many-attempts = Too many attempts
error-busy = The server is busy checking passwords; try again in a moment.
error-unavailable = The server cannot reach its database; try again soon.
error-chat-too-fast = Slow down: too many messages at once
error-too-many-games = You have as many games going as a player may; finish one first.
error-too-many-seeks = You have as many open challenges as a player may; cancel one first.
wait-seconds = { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    }
wait-minutes = { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }
ago-now = just now
ago-years = { $n ->
        [one] { $n } year ago
       *[other] { $n } years ago
    }
ago-months = { $n ->
        [one] { $n } month ago
       *[other] { $n } months ago
    }
ago-weeks = { $n ->
        [one] { $n } week ago
       *[other] { $n } weeks ago
    }
ago-days = { $n ->
        [one] { $n } day ago
       *[other] { $n } days ago
    }
ago-hours = { $n ->
        [one] { $n } hour ago
       *[other] { $n } hours ago
    }
ago-minutes = { $n ->
        [one] { $n } minute ago
       *[other] { $n } minutes ago
    }

## The help: how the pieces move

help-close = Close the help
help-intro = Click a piece on a small board to see the squares it can go to, then a square to play the move; Reset puts the board back. The rules shown come from Daba itself, so the boards are always right.
help-beside = Pick up a piece on the game's board: its lessons come here.
help-all = Show every lesson
help-following = The lessons for the piece you picked up: the { $piece }.
help-idle = { $color ->
        [white] White
       *[black] Black
    } to move. Click a piece.
help-played = { $color ->
        [white] White
       *[black] Black
    } played { $san }.
help-empty = An empty square.
# $mover is to move; $side owns the piece clicked.
help-waits = It is { $mover ->
        [white] White's
       *[black] Black's
    } turn: { $side ->
        [white] White's
       *[black] Black's
    } pieces wait until { $mover ->
        [white] White
       *[black] Black
    } has moved.
help-no-move = This { $piece } has no legal move here.
help-can-go = { $count ->
        [one] The { $piece } can go to { $count } square.
       *[other] The { $piece } can go to { $count } squares.
    }
help-promotes = On the last row it becomes a queen, rook, bishop or knight: four choices of piece.
help-reset = Reset
help-reset-label = Reset the board: { $title }
help-board-label = Lesson board: { $title }
lesson-king = The king
lesson-king-text = The king steps one square in any direction. It may never step onto a square that an enemy piece attacks. Keep it safe: the whole game is about the kings.
lesson-queen = The queen
lesson-queen-text = The queen goes as far as she likes in a straight line: along a row, a column or a diagonal. She stops at the first piece in her way, and may take it if it is an enemy.
lesson-rook = The rook
lesson-rook-text = The rook moves any distance along a row or a column, never diagonally.
lesson-bishop = The bishop
lesson-bishop-text = The bishop moves any distance along a diagonal, so it stays on squares of one colour all game.
lesson-knight = The knight
lesson-knight-text = The knight jumps in an L: two squares one way and one square to the side. It is the only piece that jumps over others, so a crowd around it does not stop it.
lesson-pawn = The pawn
lesson-pawn-text = A pawn walks straight forward one square, or two from its starting square, but only onto empty squares. It takes the other way: one square diagonally forward.
lesson-castling = Castling
lesson-castling-text = Once a game, the king may castle: it moves two squares towards a rook, and that rook jumps to the square the king crossed. Allowed only if neither has moved yet, the squares between them are empty, and the king is not in check, does not cross an attacked square and does not land in check. Click the king, then the square two steps towards a rook (or the rook itself), and watch the rook jump.
lesson-en-passant = En passant
lesson-en-passant-text = When a pawn steps two squares and lands beside an enemy pawn, that enemy pawn may take it as if it had stepped only one: it moves diagonally behind it. Only on the very next move. Here Black's pawn just went from d7 to d5: click White's pawn on e5, then d6, and watch the black pawn go.
lesson-promotion = Promotion
lesson-promotion-text = A pawn that reaches the last row becomes a queen, rook, bishop or knight, as its player chooses (usually a queen). Push the pawn to e8 and choose.
lesson-check = Check
lesson-check-text = A king that is attacked is in check. Its player must end the check at once: move the king, put a piece in the way, or take the attacker. Here the rook checks White's king, and only king moves off the first row help.
lesson-checkmate = Checkmate
lesson-checkmate-text = In check with no way out: checkmate, and the game is over. Whoever gives mate wins. Here Black's own pawns wall in the king.
lesson-draws = Draws
draws-when = A game is drawn when:
draws-stalemate = Stalemate
draws-stalemate-text = the player to move has no legal move but is not in check (the board here: Black to move).
draws-material = Insufficient material
draws-material-text = nobody can ever give mate, for example king against king, or king and one knight or bishop against a king.
draws-repetition = Repetition
draws-repetition-text = the same position comes back a third time, and the player to move claims the draw; at the fifth time it is a draw by itself.
draws-fifty = Fifty moves
draws-fifty-text = fifty moves by each side without a capture or a pawn move, and a player claims it; after seventy-five it is a draw by itself.
draws-agreement = Agreement
draws-agreement-text = one player offers a draw and the other accepts.

## Tables for four (four-handed team chess): the lobby's panel and a
## table's page. $seat (and $by) is a seat's letter: S (South, red),
## W (West, blue), N (North, yellow), E (East, green); $team is SN (South
## and North) or WE (West and East). The plies in words, the end of the
## game and the server's notices are the server's, in English.

fh-lobby-title = Chess for four
fh-lobby-intro = Four-handed team chess on the cross-shaped board of 160 squares: South and North against West and East, each player with an army of their own; a team wins by checkmating both opponents. A checkmated army freezes until its partner frees it.
fh-lobby-caption = Tables for four with a seat free
fh-lobby-table = Table
fh-lobby-empty = No table for four waits for players right now.
# The lobby's hint around its link "sign in": before, the link, after.
fh-lobby-signin-before = To sit down at a table listed here,
fh-lobby-signin-link = sign in
fh-lobby-signin-after = ; anyone may come by a seat's link.
fh-lobby-legend = Open a table: who sits where?
fh-lobby-listed = List the table here while a seat is free, so that signed-in players can sit down
fh-lobby-create = Open the table
fh-option-person = A person (a link to share, or anyone from the lobby)
# "You" is the seat choice player-you.
fh-one-you = Choose "You" for exactly one seat.
fh-look = Look at the table
# Who sits at a listed table: a guest, or the computer.
fh-list-guest = guest
fh-list-computer = Daba level { $level }
fh-seat = { $seat ->
        [S] South
        [W] West
        [N] North
       *[E] East
    }
fh-seat-colour = { $seat ->
        [S] South (red)
        [W] West (blue)
        [N] North (yellow)
       *[E] East (green)
    }
fh-team = { $team ->
        [SN] South and North
       *[WE] West and East
    } play together.
fh-computer = { $level ->
        [0] Daba, level 0 (random moves)
       *[other] Daba, level { $level }
    }
fh-you-named = You ({ $name })
fh-open = Free seat
fh-sit = Sit here
fh-sit-at = Sit at { $seat ->
        [S] South
        [W] West
        [N] North
       *[E] East
    }
fh-seat-taken = Could not sit at { $seat ->
        [S] South
        [W] West
        [N] North
       *[E] East
    }: { $error }
fh-frozen = frozen
fh-to-move = to move
fh-thinking = thinking
fh-title = Table for four
fh-gone = The server has no such table: the link may be wrong.
fh-invite = Send each player the link of their seat; the game starts when every seat is taken.
fh-link-of = Link for { $seat ->
        [S] South
        [W] West
        [N] North
       *[E] East
    }
fh-copy-link = Copy the link of { $seat ->
        [S] South's
        [W] West's
        [N] North's
       *[E] East's
    } seat
fh-resign = Resign for the team
fh-record = Download the record
fh-resign-question = Resign for your team? The other team wins the game.
fh-objections-title = Objections in force
# $move is the banned move's squares: "h1-i1".
fh-banned = { $seat ->
        [S] South
        [W] West
        [N] North
       *[E] East
    } may not play { $move } (objection by { $by ->
        [S] South
        [W] West
        [N] North
       *[E] East
    })
fh-chat-title = Table chat
fh-chat-hint = All four players read it: partners may not agree on moves here. An opponent may object to a line that suggests a move to the writer's partner, who then may not play it for a while: the next three plies, or under some rules their next three turns (the table's rules say which).
fh-chat-text =
    .aria-label = Message to the table
fh-object = Object
fh-object-label = Object to line { $line } by { $seat ->
        [S] South
        [W] West
        [N] North
       *[E] East
    }
fh-objected = objected
fh-watching = You watch this table.
fh-status-waiting = Waiting for { $count ->
        [one] { $count } more player
       *[other] { $count } more players
    } to sit down.
fh-status-your-move = Your move.
fh-status-to-move = { $seat ->
        [S] South
        [W] West
        [N] North
       *[E] East
    } to move.
fh-doc-title = Daba chess: { $status }
fh-doc-title-over = Daba chess: table for four

## A table's board, in words (screen readers)

fh-board-label = Board for four, { $seat ->
        [S] South
        [W] West
        [N] North
       *[E] East
    } at the bottom
fh-row = Row { $row }
# A piece with its seat: "West's king".
fh-piece = { $seat ->
        [S] South's
        [W] West's
        [N] North's
       *[E] East's
    } { $piece }
fh-ribbon = with a ribbon (turned round)
fh-caps = { $count ->
        [one] { $count } capture
       *[other] { $count } captures
    }
fh-rules-summary = Rules: the defaults of the rules text, unless changed here
fh-rules-promotion = A pawn promotes to
fh-rules-promotion-queen = a queen (the text's rule)
fh-rules-promotion-choice = the player's choice: queen, rook, bishop or knight
fh-rules-objection = An upheld objection bans the move
fh-rules-objection-plies = for the next 3 plies (the text's rule)
fh-rules-objection-own-turns = for the advised player's next 3 turns
fh-rules-stalemate = A stalemated player
fh-rules-stalemate-pass = passes (the text's rule)
fh-rules-stalemate-draw = ends the game in a draw
fh-rules-repetition = A position come a third time
fh-rules-repetition-automatic = is a draw at once (the text's rule)
fh-rules-repetition-claim = lets the player to move claim a draw
fh-rules-no-progress = 200 plies (50 rounds) without a capture or a pawn move
fh-rules-no-progress-off = change nothing (the text's rule)
fh-rules-no-progress-200 = end the game in a draw
fh-rules-partner-king = A move that adds an attacker of a partner's king already in check
fh-rules-partner-king-strict = is not allowed (the text's rule)
fh-rules-partner-king-simple = is allowed
fh-rules-more = Other settings, as name=value separated by commas (docs/fourhand.md)
fh-rules-line = Rules: { $rules }
fh-rules-default = the defaults of the rules text
fh-claim = Claim a draw: the position came a third time
fh-team-name = { $team ->
        [SN] South and North
       *[WE] West and East
    }
fh-ply-move = { $who } plays { $move }.
fh-ply-frozen-pass = { $who } is frozen and passes.
fh-ply-stalemate-pass = { $who } is stalemated and passes.
fh-ply-mated = { $who } is checkmated: the army is frozen.
fh-event-ribbon-on = The pawn turns round and gets a ribbon.
fh-event-ribbon-off = The pawn is home: its ribbon comes off.
fh-event-queen = The pawn becomes a queen.
fh-event-rook = The pawn becomes a rook.
fh-event-bishop = The pawn becomes a bishop.
fh-event-knight = The pawn becomes a knight.
fh-event-check = Check.
fh-released = { $who } is released: the army moves again.
fh-end-resigned = { $losers } resigned: { $winners } win.
fh-end-ply-limit = Draw: the table reached its limit of { $plies } plies.
fh-end-claimed = Draw: { $who } claimed it, the same position having come a third time.
fh-end-mate = { $winners } win: { $losers } are both checkmated.
fh-end-mate-and-stalemate = Draw: one player is checkmated and the partner stalemated.
fh-end-only-kings = Draw: only the four kings are left.
fh-end-repetition = Draw: the same position came a third time.
fh-end-stalemate = Draw by stalemate.
fh-end-no-progress = Draw: too long without a capture or a pawn move.
fh-objection-said = { $by } objects: { $writer } suggested { $move } to { $advised }, who may not play it { $span ->
        [own-turns] on their next three turns
       *[plies] for the next three plies
    }.
